# The 5D chess game: turn bar, move list, saves, new-game screen, piece tips (en).
#
# Where a text names a side, $side (or $winner) is "white" or "black", never shown:
# select on it ({ $side -> [white] ... *[black] ... }) to write the colour as the
# sentence needs it. Notation (L0, T3w, 5DPGN moves, square names) stays as it is.

## Game over

# The winner is $winner ("white" or "black").
fived-outcome-checkmate = { $winner ->
    [white] Checkmate: White wins
   *[black] Checkmate: Black wins
}
fived-outcome-stalemate = Stalemate: a draw
fived-outcome-resignation = { $winner ->
    [white] Black resigns: White wins
   *[black] White resigns: Black wins
}
fived-outcome-time-out = { $winner ->
    [white] Black ran out of time: White wins
   *[black] White ran out of time: Black wins
}
# Online: the other player left and did not come back in time (the winner stayed).
fived-outcome-abandoned = { $winner ->
    [white] Black left the game: White wins
   *[black] White left the game: Black wins
}
fived-outcome-aborted = Aborted before the second turn: no result
# Under the result: how many actions (one side's turns) were played.
fived-after-turns = { $n ->
    [one] after { $n } turn
   *[other] after { $n } turns
}
fived-game-over = Game over
fived-keep-browsing = Keep browsing
fived-new-game = New game
# Back to the title screen.
fived-title = Title

## Refused requests (shown under the turn bar)

fived-error-game-over = the game is over
# $mv is the move in 5DPGN.
fived-error-illegal-move = { $mv } is not a legal move here
fived-error-nothing-to-undo = there is no move of this turn to undo
fived-error-cannot-submit = cannot submit: { $reason }
# $error is the engine's own report (technical, in English).
fived-error-engine-refused = the engine refused the turn: { $error }
fived-error-untimed = this game is untimed
fived-error-clock-not-running = { $side ->
    [white] White's clock is not running
   *[black] Black's clock is not running
}
fived-no-such-variant = there is no variant called "{ $name }"

## Why a turn cannot be submitted

# $turn is the present's turn number, $side the half of it ("white" or "black").
fived-submit-present-not-moved = { $side ->
    [white] the present (turn { $turn } white) has not moved: play every board there first
   *[black] the present (turn { $turn } black) has not moved: play every board there first
}
# (L… T…) square takes (L… T…) square, in notation.
fived-submit-royal-capturable = the opponent could capture a royal piece: (L{ $from_l } T{ $from_t }) { $from_sq } takes (L{ $to_l } T{ $to_t }) { $to_sq }

## Turn bar

fived-turn-heading = { $side ->
    [white] Turn { $turn } · White to move
   *[black] Turn { $turn } · Black to move
}
# $present is the present in notation, e.g. T3w.
fived-present = Present: { $present }
fived-present-tip = The present is the earliest turn among active timelines. The player to move must play on every board there (orange frames) before submitting; boards with a green dashed frame may be played too.
fived-time-control-tip = Base time + increment per turn. The clock stands still while the game checks for mate.
fived-checking-mate = checking for mate…
fived-check = Check!
fived-check-tip = A royal piece of the side to move is attacked from some board. The turn must end with no royal piece capturable.
fived-mate-check-gave-up = mate check gave up (budget spent): play on
fived-ai-thinking = the AI is thinking…
fived-undo = Undo (Ctrl+Z)
fived-submit = Submit (Enter)
fived-hint = Hint
fived-hint-tip = Ask the AI (Hard) which turn it would play here
fived-resign = Resign
fived-resign-tip = { $side ->
    [white] White gives up the game
   *[black] Black gives up the game
}
fived-menu = Menu
fived-cannot-submit = Cannot submit: { $reason }
fived-looking-for-hint = looking for a hint…
# $action is the turn in 5DPGN.
fived-hint-action = Hint: { $action }
fived-controls-help = Click a piece, then a target. Drag with right/middle mouse or arrows to pan, wheel to zoom, F to frame, V for the free camera (Q/E turn).

## Browsing the history

fived-browsing-start = Browsing: the start
# $k is the number of the action shown; $side the side that played it.
fived-browsing-after = { $side ->
    [white] Browsing: after action { $k } (White moved)
   *[black] Browsing: after action { $k } (Black moved)
}
fived-browse-previous = Previous (Left)
fived-browse-next = Next (Right)
fived-back-to-game = Back to the game
# The key that goes back to the game.
fived-browse-live-key = Esc

## Clocks

# Who plays a clock's side.
fived-clock-human = human
# The program that plays the defence in a puzzle.
fived-clock-solver = solver
fived-clock-ai = AI { $level }
# "White (human) 4:31": $side the colour, $who the player, $time the time left.
fived-clock-left = { $side } ({ $who }) { $time }
# An untimed game: the time used so far.
fived-clock-used = { $side } ({ $who }) { $time } used

## Time controls read from a save (the PGN TimeControl tag, e.g. 600+5)

fived-time-control-not-tag = time control `{ $tag }` is not BASE+INCREMENT in seconds
fived-time-control-bad-base = time control `{ $tag }`: the base time `{ $value }` is not a whole number of seconds
fived-time-control-bad-increment = time control `{ $tag }`: the increment `{ $value }` is not a whole number of seconds
fived-time-control-out-of-range = time control `{ $tag }` is out of range (1 s to 24 h, increment up to 1 h)

## Move list

fived-moves = Moves
# $action is the unfinished turn's moves in 5DPGN.
fived-this-turn = this turn: { $action }
fived-move-list-help = Click a move to see the multiverse after it.
# The first entry of the move list: the starting position.
fived-list-start = start
fived-no-moves-yet = no moves yet
fived-copy = Copy
fived-copy-tip = Copy the game as 5DPGN
fived-copied = copied to the clipboard
fived-save = Save
fived-save-tip = Save to the saves folder (players and clocks included)
fived-saved-to = saved to { $path }
fived-could-not-save = could not save: { $error }
fived-import = Import…
fived-export = Export
fived-exported-to = exported to { $path }
fived-could-not-write = could not write { $path }: { $error }
fived-import-help = Paste 5DPGN or 5DFEN, or give a file path above:
fived-load-pasted = Load pasted text
fived-load-file = Load file
fived-imported = game imported

## Reading a save (header names such as TimeforkWhite stay as they are)

fived-save-not-a-player = `{ $value }` is not a player (human, ai:easy, ai:medium, ai:hard, ai:max)
fived-save-bad-version = TimeforkSave: `{ $value }` is not a version number
fived-save-too-new = this save is format version { $version }, newer than this build reads ({ $supported }); update Timefork to open it
fived-save-header-missing = { $header } is missing
# A header of the save and what is wrong with its value.
fived-save-header-error = { $header }: { $error }
fived-save-bad-clocks = TimeforkClocks: `{ $value }` is not four numbers of milliseconds

## Reading 5DPGN

# $line the line number, $text the text at fault, $message what is wrong.
fived-notation-error = line { $line }: `{ $text }`: { $message }
fived-notation-stray-brace = closing brace without an opening one
fived-notation-open-comment = comment is never closed
fived-notation-open-header = header is not closed with `]`
fived-notation-open-quote = header value is not closed with a quote
fived-notation-header-key = header key must be one word
fived-notation-bad-header = header is neither `[Key "value"]` nor a 5DFEN board
fived-notation-after-header = text after a header
fived-notation-mode = only Mode "5D" games can be read
fived-notation-size = Size must look like 8x8
fived-notation-unknown-variant = unknown variant (see `timefork-cli variants`)
fived-notation-no-game = no game (no header and no move)
fived-notation-after-result = text after the game result
fived-notation-white-starts = the game starts with White to move

## Boards

# An inactive timeline's label; $timeline is its name in notation (L+1).
fived-timeline-inactive = { $timeline } (inactive)

## Pieces (tooltip on the piece under the cursor)

# The tooltip's title: the side and the piece's name.
fived-piece-of-side = { $side ->
    [white] White { $piece }
   *[black] Black { $piece }
}
fived-piece-pawn = Pawn
fived-piece-knight = Knight
fived-piece-bishop = Bishop
fived-piece-rook = Rook
fived-piece-queen = Queen
fived-piece-king = King
fived-piece-unicorn = Unicorn
fived-piece-dragon = Dragon
fived-piece-princess = Princess
fived-piece-brawn = Brawn
fived-piece-royal-queen = Royal queen
fived-piece-common-king = Common king
# How each piece moves: x = file, y = rank, T = turn, L = timeline.
fived-rule-pawn = One step forward: up the board (y), or along L toward the opponent's timelines; two from its start. Captures diagonally on the board (y and x) or through time (L and T). Promotes to a queen.
fived-rule-knight = Two steps along one axis and one along another (any two of x, y, T, L). Jumps over pieces and missing boards.
fived-rule-bishop = Any distance along exactly two axes, the same distance on both.
fived-rule-rook = Any distance along one axis: x, y, T or L.
fived-rule-queen = Any distance along any number of axes, the same distance on each.
fived-rule-king = One step along any axes. Royal: no turn may end with it capturable from any board.
fived-rule-unicorn = Any distance along exactly three axes, the same distance on each.
fived-rule-dragon = Any distance along all four axes at once, the same distance on each.
fived-rule-princess = A rook or a bishop: any distance along one axis, or along two equally.
fived-rule-brawn = Moves like a pawn. Also captures one step along exactly two axes, at least one of them forward and none backward.
fived-rule-royal-queen = Moves like a queen, and is royal like a king: it must never be left capturable.
fived-rule-common-king = Moves like a king (one step along any axes) but is not royal: it may be captured.

## New-game screen

fived-new-game-heading = New 5D chess game
fived-variant = Variant
# Hint in the variant list's search field.
fived-filter = filter
fived-community-variants = Community variants
fived-variant-chosen = Variant: { $name }
fived-start = Start
fived-or-open-file = Or open a 5DPGN / 5DFEN file:
fived-path-hint = path/to/game.5dpgn
fived-or-paste = Or paste one:
fived-start-from-pasted = Start from pasted text

# The variants of the commercial game, as shown in the list ("Category - Name"). The
# names in saves and settings stay in English.
fived-variant-standard = Standard
fived-variant-standard-turn-zero = Standard - Turn Zero
fived-variant-standard-princess = Standard - Princess
fived-variant-standard-two-timelines = Standard - Two Timelines
fived-variant-standard-defended-pawn = Standard - Defended Pawn
# The kings and queens are replaced by common kings and royal queens.
fived-variant-standard-reversed-royalty = Standard - Reversed Royalty
# King and queen swapped on Black's side only.
fived-variant-standard-half-reflected = Standard - Half Reflected
fived-variant-small = Small
fived-variant-small-flipped = Small - Flipped
fived-variant-small-centered = Small - Centered
fived-variant-small-open = Small - Open
fived-variant-very-small = Very Small
fived-variant-very-small-open = Very Small - Open
fived-variant-simple-no-queens = Simple - No Queens
fived-variant-simple-knights-vs-bishop = Simple - Knights vs. Bishop
fived-variant-simple-no-bishops = Simple - No Bishops
fived-variant-simple-no-knights = Simple - No Knights
fived-variant-simple-no-rooks = Simple - No Rooks
fived-variant-simple-simple-set = Simple - Simple Set
fived-variant-misc-timeline-invasion = Misc - Timeline Invasion
fived-variant-misc-timeline-formations = Misc - Timeline Formations
fived-variant-misc-timeline-tactitian = Misc - Timeline Tactitian
fived-variant-misc-timeline-strategos = Misc - Timeline Strategos
fived-variant-misc-timeline-battlegrounds = Misc - Timeline Battlegrounds
fived-variant-misc-timeline-skirmish = Misc - Timeline Skirmish
fived-variant-misc-timeline-fragments = Misc - Timeline Fragments
fived-variant-misc-timeline-marauders = Misc - Timeline Marauders
fived-variant-misc-king-of-kings = Misc - King Of Kings
fived-variant-misc-royal-queen-showdown = Misc - Royal Queen Showdown
fived-variant-misc-excessive = Misc - Excessive
# A single 1x1 board.
fived-variant-misc-global-warming = Misc - Global Warming
fived-variant-focused-just-knights = Focused - Just Knights
fived-variant-focused-just-bishops = Focused - Just Bishops
fived-variant-focused-just-rooks = Focused - Just Rooks
fived-variant-focused-just-queens = Focused - Just Queens
fived-variant-focused-just-pawns = Focused - Just Pawns
fived-variant-focused-just-kings = Focused - Just Kings
fived-variant-focused-just-unicorns = Focused - Just Unicorns
fived-variant-focused-just-dragons = Focused - Just Dragons
fived-variant-focused-just-brawns = Focused - Just Brawns
fived-variant-practice-knight = Checkmate Practice - Knight
fived-variant-practice-bishop = Checkmate Practice - Bishop
fived-variant-practice-rook = Checkmate Practice - Rook
fived-variant-practice-queen = Checkmate Practice - Queen
fived-variant-practice-pawns = Checkmate Practice - Pawns
fived-take-back = Take back
fived-take-back-tip = Take back your last turn and the AI's answer. A game with a take-back does not enter the leaderboard.
fived-error-no-take-back = nothing to take back: only your own turn and the AI's answer to it, on your turn

## Analysis: a position on a free board with the engine's evaluation

fived-error-not-analysis = only the analysis board steps turns back
fived-error-nothing-to-retract = there is no turn to step back
fived-analyse = Analyse
fived-analyse-tip = Open this position on a free board: move both sides, with the engine's evaluation and best turn
fived-analyse-off-board-tip = The game waits, its clocks stopped; a game analysed while it is on does not enter the leaderboard
fived-analysis = Analysis
fived-analysis-tip = A free board: you move both sides. The game waits behind it as it was.
fived-analysis-back-tip = Close the analysis; the game comes back as you left it
# $score is the evaluation for White in pawns ("+1.25") or who mates.
fived-analysis-eval = Evaluation: { $score }
fived-analysis-eval-tip = In pawns per timeline (what a side has on a typical board), from White's side: above zero White stands better
fived-analysis-depth = depth { $depth }
fived-analysis-thinking = the engine is looking…
fived-analysis-mates = { $side ->
    [white] White mates
   *[black] Black mates
}
# $action is the turn in 5DPGN.
fived-analysis-best = Best: { $action }
fived-analysis-play-best = Play it
fived-analysis-play-best-tip = Play the engine's best turn on the board
fived-analysis-turn-back = ◀ Turn back
fived-analysis-turn-back-tip = The last turn comes off (it can be played again)
fived-analysis-turn-forward = Turn forward ▶
fived-analysis-turn-forward-tip = Play again the turn stepped back from (the game's own next turn at first)
fived-clock-remote = the other computer
fived-outcome-draw-agreed = Draw by agreement
