# Playing over the network (en).
net-join-heading = Join a network game
net-join-explain = The host chooses the game and the sides. Games hosted on this network are listed here: one click joins.
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
net-host-address = Join at { $address }, port { $port }
net-host-firewall = If the other computer cannot reach this one, allow TCP port { $port } (and UDP port { $discovery }, to be listed) in this computer's firewall.
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
net-host-explain = You host the game here: the other player joins from this network with the room code shown next (TCP port { $port }).
net-cannot-host = Cannot host the game: { $error }
net-one-remote = A network game is one person here and one at the other computer.
net-join-typed = Not listed? Type the host's address (port { $port } unless they changed it) and the room code its screen shows.
net-code = Room code
net-need-code = Type the room code the host's screen shows, or choose a game from the list.
net-host-heading = Hosting { $game }
net-host-waiting = Waiting for the other player to join.
net-host-code = Room code: { $code }
net-host-how = On the other computer: Join a network game. This game is listed there; or type this address and the room code.
net-host-rules = Played as on a server: the clocks run while a player is away, and a player gone too long may be claimed against. Leaving ends the game for both; the other player keeps a copy.
net-named-variant-only = A network game starts from a named variant; a position from a file is played at one computer.
net-link-lost-heading = Connection lost
net-link-lost = The connection to the game is lost.
net-players = { $white } (White) – { $black } (Black)

## Playing on a Timefork server.
title-online = Play online
title-online-tip = Play people or bots on a Timefork server: rated games, a private room for a friend, ratings.
online-heading = Play online
online-explain = A Timefork server hosts games for anyone who can reach it. Type its address (TCP port { $port } unless you give another) and the name you play under: the first time the name is yours, and this computer keeps its key.
online-server = Server
online-name = Name
online-connect = Connect
online-connecting = Connecting…
online-connected = Connected to { $server } as { $name }
online-disconnect = Disconnect
online-your-ratings = Your ratings
online-rating-line = { $game }: { $rating }{ $provisional ->
    [yes] ?
   *[no] {""}
} ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
online-provisional-tip = A rating with "?" is provisional: too few games to be sure of it.
online-game = Game
online-variant = Variant
online-clock = Clock
online-untimed = Untimed
online-rated = Rated
online-rated-tip = A rated game moves both players' ratings (Glicko-2).
online-colour = Colour
online-any = Either
online-white = White
online-black = Black
online-seek = Find an opponent
online-seek-tip = Wait for someone who wants the same game, clock and kind (rated or casual).
online-seeking = Looking for an opponent…
online-cancel = Cancel
online-private = Private room
online-private-tip = A room only a friend with its code can join.
online-code = Room code: { $code }. Give it to your friend.
online-join-code = Join a friend's room
online-join = Join
online-live = Live games
online-recent = Finished games
online-refresh = Refresh
online-none = None.
online-watch = Watch
online-watch-tip = Follow this game as a spectator: every move as it is played; you cannot move or offer anything.
online-watching = You are watching
online-replay = Replay
online-replay-tip = Open this game's record to step through it and review it.
online-game-line = { $game } · { $white } – { $black } · { $clock }
online-look-up = Look up
online-ratings-of = Ratings of a player
online-players-ratings-tip = Click to see both players' ratings.
online-lost = The connection to the server is lost: go back to Play online to connect again.
online-opponent-gone = The other player left. If they are not back within { $seconds } s, you may claim the game.
online-opponent-gone-now = The other player left long ago: you may claim the game.
online-claim = Claim the game
online-claim-tip = Win the game (or abort it, before the second turn) because the other player is gone.
online-restarted = The server restarted: the game goes on where it was; the clocks stood still while it was down.
online-rating-change = rating { $before } → { $after }
online-token-not-kept = The name's key cannot be kept in the settings folder ({ $error }): not connected.
online-players = { $white } (White, { $wr }) – { $black } (Black, { $br })
online-refused-version = The server runs another release of Timefork.
online-refused-bad-name = “{ $name }” is not a name the server takes: 2 to 20 letters, digits, _ or -.
online-refused-name-taken = The name { $name } is someone else's on this server: choose another.
online-refused-bad-token = The server does not know { $name } with this computer's key.
online-refused-in-use = { $name } is playing from another computer now.
online-refused-too-many = Too many connections or requests: wait a moment and try again.
online-refused-protocol = The server did not understand this program.
online-cert-unknown = This server's certificate is signed by no authority this computer knows (a community server often makes its own). Compare its SHA-256 fingerprint with the one the server's operator publishes; trust it only if they are the same.
online-cert-changed = Warning: this server's certificate is not the one you trusted before. Someone may be between you and the server, or its operator replaced it: ask them before trusting the new one.
online-cert-trust = Trust this certificate and connect
online-cert-trust-tip = This computer remembers the fingerprint for this server and connects without asking again, unless it changes.
