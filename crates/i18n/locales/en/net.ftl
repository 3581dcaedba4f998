# Playing over the network (en).
net-join-heading = Join a network game
net-join-explain = The host chooses the game and the sides, then tells you their address. Type it here (port { $port } unless they changed it).
net-address = Host's address
net-join = Join
net-connecting = Connecting…
net-found-heading = On this network
net-found-none = Looking for games hosted on this network…
# $game: the game's name; $side: the side you would play; $name: the host's player name.
net-found-host = { $game }: you play { $side ->
    [white] White
   *[black] Black
} against { $name } at { $address }
# Shown under a found host whose game is under way and waits for the player who left it.
net-found-returning = A game under way: it waits for its player to come back.
net-bad-address = That address cannot be used: { $error }
net-refused-version = The host runs another release of Timefork: both computers need the same one.
net-refused-seat-taken = Someone else already plays this game with the host.
net-refused-unknown-seat = The host does not know this seat (it is another game now).
net-host-refused-version = A player with another release of Timefork tried to join: { $error }
net-waiting = Waiting for the other player
net-waiting-first = The game starts when the other player joins. The clocks stand still.
net-waiting-lost = The connection is lost. The game and its clocks stand still until it comes back.
net-host-address = Join at { $address }, port { $port }
net-host-firewall = If the other computer cannot reach this one, allow UDP port { $port } in this computer's firewall.
net-leave = Leave the game
net-you-host = Network game: you host and play { $side ->
    [white] White
   *[black] Black
}
net-you-join = Network game: you play { $side ->
    [white] White
   *[black] Black
}
net-draw-offer = Offer a draw
net-draw-offer-tip = The offer stands until the other player answers it or moves.
net-draw-offered = You offered a draw.
net-draw-offer-to-you = The other player offers a draw.
net-draw-accept = Accept
net-draw-decline = Decline
net-not-your-turn = It is the other player's move.
net-one-move = `{ $text }` is not one move.
net-not-in-network-game = That cannot be done in a network game.
net-host-left-saved = The host left. This game is saved as { $path }.
net-host-left-not-saved = The host left, and the game could not be saved: { $error }
net-host-explain = Start hosts the game here: the other player joins by this computer's address (UDP port { $port }).
net-cannot-host = Cannot host the game: { $error }
net-one-remote = A network game is one person here and one at the other computer.
