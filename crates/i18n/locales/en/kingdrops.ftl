# kingdrops texts (en).
# $side (and $loser, $layout) is "white" or "black"; $kind is "king", "queen", "rook",
# "bishop", "guard", "spearman" or "archer": each language writes the form it needs.
# Squares ($square, $from, $to, $king) and moves ($mv, $moves) are notation: e3, e2e3, Q@d2.

## Pieces

kd-kind-king = king
kd-kind-queen = queen
kd-kind-rook = rook
kd-kind-bishop = bishop
kd-kind-guard = guard
kd-kind-spearman = spearman
kd-kind-archer = archer
kd-kinds-king = kings
kd-kinds-queen = queens
kd-kinds-rook = rooks
kd-kinds-bishop = bishops
kd-kinds-guard = guards
kd-kinds-spearman = spearmen
kd-kinds-archer = archers
# A piece inside a sentence: "Black spearman" (as in "e7 holds a Black spearman").
kd-piece = { $side ->
        [white] White
       *[other] Black
    } { $kind ->
        [king] king
        [queen] queen
        [rook] rook
        [bishop] bishop
        [guard] guard
        [spearman] spearman
       *[archer] archer
    }
# A piece as the heading of its tooltip: "White king".
kd-piece-title = { $side ->
        [white] White
       *[other] Black
    } { $kind ->
        [king] king
        [queen] queen
        [rook] rook
        [bishop] bishop
        [guard] guard
        [spearman] spearman
       *[archer] archer
    }
kd-rule-king = One step in any direction. There is no check: it may step into attack and be taken, which loses. While attacked it may move only as a turn's first move. Reaching the last rank wins.
kd-rule-queen = One or two squares in any direction, not jumping.
kd-rule-rook = One to three squares along a rank or file, not jumping.
kd-rule-bishop = One to three squares diagonally, not jumping.
kd-rule-guard = One step in any direction.
kd-rule-spearman = One step straight forward, capturing the same way. Reaching the last rank wins. Taken, it leaves the game.
kd-rule-archer = One step diagonally forward, capturing the same way. Reaching the last rank wins. Taken, it leaves the game.
# Tooltip of a piece in a reserve ($side owns the reserve).
kd-in-reserve = In { $side ->
        [white] White
       *[other] Black
    }'s reserve: a move may drop it on an empty square next to { $side ->
        [white] White
       *[other] Black
    }'s king (one drop a turn).
# Tooltip of a piece in a prison ($side holds the prison; $name is the piece's kind).
kd-in-prison = In { $side ->
        [white] White
       *[other] Black
    }'s prison. When both prisons hold a { $name }, the two are swapped back to their owners' reserves at the end of a turn.
kd-in-tray = Drag it onto one of the two home ranks.
kd-taken-to-prison = Taken, it goes to the taker's prison, and may come back by exchange.

## Labels on the table beside the board

kd-reserve-label = { $side ->
        [white] White
       *[other] Black
    } reserve
kd-prison-label = { $side ->
        [white] White
       *[other] Black
    }'s prison
# Beside the tray of pieces the side still has to place.
kd-tray-label = { $side ->
        [white] White
       *[other] Black
    } to place

## New game

kd-new-heading = New Kingdrops game
kd-new-about = Each side sets up its 16 pieces on its own two ranks, White first. A turn is up to three moves, each piece once, as many as possible; one of them may drop a piece from the reserve next to the king. Captured queens, rooks, bishops and guards go to prison and come back by exchange. Win by taking the enemy king, or by bringing your king, a spearman or an archer to the last rank.
kd-set-up-pieces = Set up the pieces
kd-set-up-pieces-tip = White sets up first, then Black; the AI sets up its own side

## Setup

kd-setup-heading = { $side ->
        [white] White
       *[other] Black
    } sets up
# Who plays the side, after a heading: "(a person)", "(the AI (Hard))".
kd-player-in-brackets = ({ $player })
kd-player-person = a person
kd-player-ai = the AI ({ $level })
kd-placed-count = { $n } of 16 placed
kd-remote-setting-up = The other player is setting up { $side ->
        [white] White
       *[other] Black
    }…
kd-ai-setting-up = The AI is setting up { $side ->
        [white] White
       *[other] Black
    }…
# $low and $high: the two ranks the side sets up on. $white_ready is "yes" when Black
# sets up after White is done, and adds the last sentence.
kd-setup-help = Drag the pieces from the tray onto ranks { $low } and { $high } (or click a piece, then a square). Drag a placed piece onto another square to swap, or off the board to put it back.{ $white_ready ->
        [yes] {" "}White is ready: its pieces stand on ranks 1 and 2.
       *[other] {""}
    }
kd-random = Random
kd-random-tip = A random arrangement
# $side: the side whose layout is mirrored (the opponent).
kd-mirror = Mirror { $side ->
        [white] White
       *[other] Black
    }
kd-mirror-tip = { $side ->
        [white] White
       *[other] Black
    }'s layout reflected across the middle, each piece facing its twin
kd-mirror-not-yet = { $side ->
        [white] White
       *[other] Black
    } sets up after you: there is nothing to mirror yet
kd-standard = Standard
kd-standard-tip = The rules' example: runners in front, the king behind
kd-clear = Clear
kd-ready = Ready
kd-ready-tip = Place all 16 pieces first
kd-menu = Menu

## Setup errors

kd-not-home = { $square } is not on { $side ->
        [white] White
       *[other] Black
    }'s ranks { $low } and { $high }: pieces are set up there
kd-setup-done = both sides are already set up
# $n pieces of a kind, all on the board; $pieces is the kind's name (plural unless $n is 1).
kd-all-placed = all { $n } { $pieces } of { $side ->
        [white] White
       *[other] Black
    } are placed already
kd-no-piece-to-move = there is no piece on { $square } to move
kd-no-piece-to-lift = there is no piece on { $square } to take back
kd-nothing-to-mirror = { $side ->
        [white] White
       *[other] Black
    } has not set up yet: there is nothing to mirror
# $layout: whose layout was given; $side: who sets up now.
kd-wrong-layout = that is { $layout ->
        [white] White
       *[other] Black
    }'s layout, and { $side ->
        [white] White
       *[other] Black
    } is setting up
kd-not-ready = not ready: { $error } ({ $n } of 16 pieces placed)
kd-setup-off-home = the { $side ->
        [white] white
       *[other] black
    } { $name } on { $square } is off { $side ->
        [white] White
       *[other] Black
    }'s first two ranks ({ $low } and { $high })
kd-setup-square-twice = two pieces on { $square }
# $missing of the side's $total pieces of a kind are not placed ($placed are).
kd-setup-missing = { $side ->
        [white] White
       *[other] Black
    } { $missing ->
        [one] has a { $name }
       *[other] has { $missing } { $plural }
    } missing: { $placed } of { $total } { $plural } placed
kd-setup-too-many = { $side ->
        [white] White
       *[other] Black
    } placed { $placed } { $plural }, but a side has { $total }
kd-setup-wrong-color = { $square } holds a { $piece }, not a piece of this side
kd-setup-colors = a start position needs White's placement and Black's
kd-setup-not-a-start = not a position right after the setup: { $reason }

## Play

# "Turn 3 · White to move": $n counts full turns (White's and Black's).
kd-turn-heading = Turn { $n } · { $side ->
        [white] White
       *[other] Black
    } to move
kd-ai-thinking = The AI is thinking…
kd-ai-plays = The AI plays: { $moves }
kd-remote-plays = The other player is moving…
kd-remote-played = The other player plays: { $moves }
kd-status-over = The game is over
kd-status-pass = No move is possible: this turn is a pass
kd-status-complete = Turn complete ({ $made } of { $total }): end it
kd-status-move = Move { $n } of { $total }
kd-status-more = { $left ->
    [one] One more move to make: a turn makes as many moves as it can (up to three), then End turn.
   *[other] { $left } more moves to make: a turn makes as many moves as it can (up to three), then End turn.
}
kd-undo = Undo
kd-undo-tip = Take back the last move of this turn (Ctrl+Z)
kd-pass = Pass
kd-end-turn = End turn
# The key that ends the turn.
kd-end-turn-tip = Enter
kd-end-turn-not-yet = A turn has as many moves as possible (up to three), unless a move wins
kd-resign = Resign
kd-save = Save
kd-save-tip = Save the game in { $dir }
kd-saved-to = Saved to { $path }
kd-save-failed = Could not save: { $error }
kd-new-game = New game
# Back to the title screen.
kd-title = Title
# After a turn that swapped prisoners back: $side made the turn; $pieces lists what each
# side got back (kd-exchange-each, joined by kd-and).
kd-exchange = Exchange after { $side ->
        [white] White
       *[other] Black
    }'s turn: { $pieces } went back to the reserves
kd-exchange-each = { $n ->
        [one] a { $kind ->
            [queen] queen
            [rook] rook
            [bishop] bishop
           *[guard] guard
        } each
       *[other] { $n } { $kind ->
            [queen] queens
            [rook] rooks
            [bishop] bishops
           *[guard] guards
        } each
    }
kd-and = { $first } and { $second }
kd-play-help = Click a piece, then a target; a reserve piece drops next to the king. Right-drag pans, the wheel zooms, F frames the board.

## Move list

kd-moves = Moves
kd-no-turns = no turns yet
# The row of the turn in progress.
kd-now = now
kd-copy-record = Copy record
kd-copy-record-tip = Copy the game record (the setup, then a turn a line)
# The result as the record writes it: "1-0 (White wins: king captured)".
kd-result = { $score } ({ $side ->
        [white] White
       *[other] Black
    } wins: { $reason })
kd-reason-king-captured = king captured
kd-reason-last-rank = runner on the last rank
kd-reason-repetition = third repetition

## The end

kd-wins = { $side ->
        [white] White
       *[other] Black
    } wins
kd-king-captured = { $loser ->
        [white] White
       *[other] Black
    }'s king was captured
kd-runner-reached = a { $side ->
        [white] white
       *[other] black
    } runner reached rank { $rank }
# The runner named: "a white spearman reached rank 8".
kd-piece-reached = a { $side ->
        [white] white
       *[other] black
    } { $name } reached rank { $rank }
kd-repetition = { $loser ->
        [white] White
       *[other] Black
    }'s turn made the same position a third time, and that loses
kd-draw = Draw
kd-draw-agreed = the players agreed to a draw
kd-resigned = { $side ->
        [white] White
       *[other] Black
    } resigned
# Online endings outside the rules: $side is the side that lost.
kd-time-out = { $side ->
        [white] White
       *[other] Black
    } ran out of time
kd-abandoned = { $side ->
        [white] White
       *[other] Black
    } left the game and did not come back
kd-aborted = Aborted before the second turn
kd-no-result = No result
kd-after-turns = after { $n ->
        [one] { $n } turn
       *[other] { $n } turns
    }

## Refused moves and turns

kd-cannot-play-over = { $mv } cannot be played: the game is over ({ $result })
kd-not-legal = { $mv } is not legal: { $reason }
kd-game-over = the game is over: { $result }
kd-nothing-to-undo = there is no move of this turn to take back (a turn that has ended stays)
kd-cannot-resign = only a person can resign, and nobody here is one
kd-at-most-three = a turn has at most three moves
kd-cannot-end-none = the turn cannot end yet: no move made, and { $n } must be ({ $n } possible)
kd-cannot-end-short = the turn cannot end yet: { $made } of { $total } moves made (a turn has as many moves as possible, unless a move wins)
kd-illegal-after-win = an earlier move of the turn won the game; nothing more is played
kd-illegal-no-piece = there is no piece on { $square }
kd-illegal-not-yours = { $square } holds a { $piece }, not a piece of the side to move
kd-illegal-already-moved = the piece on { $square } has already moved or been dropped this turn (each piece moves at most once a turn)
kd-illegal-king-attacked = the king on { $square } is attacked, so it may move only as the first move of the turn
kd-illegal-own-piece = { $square } holds the mover's own { $name }
kd-illegal-unreachable = the { $name } on { $from } cannot move to { $to }
kd-illegal-second-drop = only one drop per turn
kd-illegal-not-in-reserve = there is no { $name } in { $side ->
        [white] White
       *[other] Black
    }'s reserve
kd-illegal-no-king = there is no king to drop next to
kd-illegal-not-next-to-king = { $to } is not next to the king (on { $king }); drops go next to the king
kd-illegal-occupied = { $square } is not empty (it holds a { $piece })
kd-illegal-dead-end = after it the turn can neither reach the longest possible number of moves nor win
kd-turn-too-many = { $n } moves, but a turn has at most three
# Move $n of the turn ($mv) cannot be made: $reason.
kd-turn-illegal-move = move { $n } ({ $mv }): { $reason }
kd-turn-pass-illegal = pass is legal only when no move is possible, and { $required } can be made
kd-turn-too-short = the turn stops after { $made ->
        [one] { $made } move
       *[other] { $made } moves
    } without winning, but a turn must have as many moves as possible ({ $required } here)

## Opening a record

# What is wrong on the line ($message) is the rules' own text.
kd-record-line = line { $line }: { $message }
kd-take-back = Take back
kd-take-back-tip = Take back your last turn and the AI's answer. A game with a take-back does not enter the leaderboard.
kd-no-take-back = nothing to take back: only your own turn and the AI's answer to it, on your turn

## Browsing the history

kd-browse-tip = Show the board after this turn (click again to go back to the game)
kd-browsing-start = Showing: the start
# $n turns have been played; $side played the last of them.
kd-browsing-after = { $side ->
    [white] Showing: after turn { $n } (White moved)
   *[other] Showing: after turn { $n } (Black moved)
}
kd-browse-previous = Previous (Left)
kd-browse-next = Next (Right)
kd-back-to-game = Back to the game
kd-back-to-game-tip = End or Esc
kd-player-remote = the person at the other computer
