# puzzles texts (en).

## The tiers of the puzzle list.
puzzles-tier-easy = Easy
puzzles-tier-medium = Medium
puzzles-tier-hard = Hard
# Under the tier's tab: what its puzzles are.
puzzles-tier-easy-blurb = Mates in one turn.
puzzles-tier-medium-blurb = Mates in two turns, and mates in one where the multiverse is busy.
puzzles-tier-hard-blurb = Mates in three turns, and mates in two where the multiverse is busy.

# A puzzle's goal: mate within $n of the attacker's own turns.
puzzles-goal-mate-in = mate in { $n }
# The task of a puzzle in the list: the side to play ($side is white or black) and the goal ($goal: "mate in 2").
puzzles-task = { $side ->
    [white] White
   *[black] Black
} to play, { $goal }
# A puzzle without a title of its own: the variant and the task.
puzzles-untitled = { $variant }: { $task }
# The variant of a puzzle on a board of the file's own.
puzzles-custom-board = custom

## The list screen.
puzzles-heading = 5D chess puzzles
puzzles-solved-count = { $done } of { $total } solved
puzzles-intro = Find the checkmate. Each turn you submit is checked at once: when it is right the defence plays its best reply; when it is not you see the defence that escapes, and try again.
# Hover text of a row's mark.
puzzles-row-solved = solved
puzzles-row-not-solved = not solved yet
puzzles-play = Play
puzzles-play-again = Play again

## The puzzle panel beside the boards.
# The heading: the side to play ($side is white or black) and the goal ($goal: "mate in 2").
puzzles-to-play = { $side ->
    [white] White
   *[black] Black
} to play: { $goal }
puzzles-turns-left = { $n ->
    [one] { $n } turn left to give mate
   *[other] { $n } turns left to give mate
}
puzzles-next = Next puzzle
puzzles-back-to-list = Back to the list
puzzles-retry-turn = Retry this turn
# Retry a puzzle whose first turn failed.
puzzles-retry = Retry
puzzles-start-over = Start over
# The last turn was right.
puzzles-right = Right!
# $reply: the defence's turn in 5DPGN.
puzzles-defence-answers = The defence answers { $reply }.
puzzles-your-turn = Your turn: make your moves and submit.
puzzles-defence-replies = The defence replies…
puzzles-checking = Checking your turn…
puzzles-solved = Solved!
puzzles-not-marked = Not marked as solved: the solution was shown first.
puzzles-play-it-again = Play it again
puzzles-not-the-solution = Not the solution
puzzles-refutation-shown = In red on the boards: the defence that escapes.
# The judgement of a turn ran out of its search budget.
puzzles-out-of-time = The check ran out of time
puzzles-unproved = Neither right nor wrong was proved for this turn.
# The solution played out step by step: action $k of $total.
puzzles-solution-step = The solution, action { $k } of { $total }:
puzzles-play-next-action = Play the next action ▶
puzzles-solution-played = Checkmate: that is the solution.
puzzles-try-yourself = Try it yourself
puzzles-finding-solution = Finding the solution…
puzzles-hint = Hint
puzzles-hint-tip = Which piece a solution moves first, from here
puzzles-show-solution = Show solution
puzzles-show-solution-tip = The whole line; the boards go back to the start to play it out
puzzles-looking-for-hint = Looking for a hint…
# $move: the hinted move in 5DPGN, drawn as a gold arrow.
puzzles-hint-move = Hint: { $move } (the gold arrow).
# $piece: a piece name below; $square: where it stands, "(0T4)d1". The piece is framed in gold.
puzzles-hint-piece = Hint: move the { $piece } on { $square } (in gold).
puzzles-show-move = Show the move
# $error: why the solver found nothing (the puzzles-error- texts below).
puzzles-no-hint = No hint: { $error }
# The heading above the solution line.
puzzles-solution = Solution
puzzles-no-solution = No solution found: { $error }
# The box over the boards when the puzzle is solved: the side ($side is white or black) and the goal's turns.
puzzles-solved-mates = { $side ->
    [white] White
   *[black] Black
} mates in { $n ->
    [one] { $n } turn
   *[other] { $n } turns
}.
puzzles-not-marked-short = (Not marked: the solution was shown first.)
puzzles-close = Close

## Piece names, as in puzzles-hint-piece.
puzzles-piece = piece
puzzles-piece-pawn = pawn
puzzles-piece-knight = knight
puzzles-piece-bishop = bishop
puzzles-piece-rook = rook
puzzles-piece-queen = queen
puzzles-piece-king = king
puzzles-piece-unicorn = unicorn
puzzles-piece-dragon = dragon
puzzles-piece-princess = princess
puzzles-piece-brawn = brawn
puzzles-piece-royal-queen = royal queen
puzzles-piece-common-king = common king

## Why a submitted turn is not the solution. $reply: the defence's turn in 5DPGN.
# $reason: puzzles-illegal-empty, puzzles-illegal-move, or the engine's words.
puzzles-wrong-illegal = Not a legal action: { $reason }
puzzles-illegal-empty = an action has at least one move
# $n: the move's place in the action, from 1.
puzzles-illegal-move = move { $n } is not a legal move there
puzzles-wrong-stalemate = Stalemate: the defender has no legal action but is not in check
puzzles-wrong-no-check = Not mate (not even check): the defender plays { $reply }
puzzles-wrong-escapes = Not mate: the defender escapes with { $reply }
# $n: the turns the attacker has left after the reply.
puzzles-wrong-no-mate-after = The defender escapes with { $reply }: after it there is no mate in { $n }

## Why the solver has no hint or solution (after "No hint: ").
puzzles-error-format = not a puzzle: { $reason }
puzzles-error-no-mate = no mate in { $n }
puzzles-error-no-mate-because = no mate in { $n }: { $reason }
puzzles-reason-checkmated = the side to move is checkmated
puzzles-reason-stalemated = the side to move is stalemated
# $action: the first action of the shorter mate, in 5DPGN.
puzzles-error-shorter-mate = a shorter mate exists: mate in { $n } with { $action }
puzzles-error-bad-solution = the solution line is wrong at action { $index }: { $reason }
# $nodes: the actions the solver tried.
puzzles-error-unknown = unknown: a search limit stopped the proof after { $nodes } actions
