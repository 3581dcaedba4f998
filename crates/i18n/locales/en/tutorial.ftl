# tutorial texts (en).
# The lessons are timefork_engine::tutorial's: per lesson `tutorial-<id>-title`, `-task`
# (what to do), `-explain` (the rule it teaches) and `-done` (after the right turn).
# Notation stays as it is: L0, L+1, T3w (timeline, turn, side to move), c3, 5DPGN moves.

## 1. Moving on a board.
tutorial-board-title = Moving on a board
tutorial-board-task = Move the knight from b1 to c3.
tutorial-board-explain = Each board is an ordinary chessboard, and on it the pieces move as in chess. This one is timeline L0 at turn 1 with White to move: L0 T1w. A move on a board adds the next board to its timeline: the same board after your move.
tutorial-board-done = Well done: the knight stands on c3, and L0 has a new board, L0 T1b, where Black is to move.

## 2. Moving through time.
tutorial-time-title = Moving through time
tutorial-time-task = Send the rook on c1 one turn back in time, to c1 on the board of turn 1.
tutorial-time-explain = Time is an axis too: one step along it goes one turn back or forward on the same timeline, to a board where the same side is to move. A rook moves along one axis, so it keeps its square and changes its turn. A board of the past never changes, so a piece that lands on one starts a new timeline branching from it.
tutorial-time-done = A new timeline, L+1, grows from turn 1. On it stand two rooks: the one that was there then and the one that came back.

## 3. Moving between timelines.
tutorial-timelines-title = Moving between timelines
tutorial-timelines-task = Move the rook from c1 on L0 to c1 on L+1, without making a new timeline.
tutorial-timelines-explain = The timelines are the fourth axis: one step along it goes to the next timeline. A piece that lands on a board still to be played this turn simply joins that timeline. Only a landing on a board that can no longer be played, such as one in the past, makes a new timeline.
tutorial-timelines-done = The rook crossed to L+1 and no timeline was made. That one move played both boards: L0 lost the rook and L+1 gained it.

## 4. The present.
tutorial-present-title = The present
tutorial-present-task = Both timelines wait for you at turn 1. Make a move on each board, then press Submit.
tutorial-present-explain = The present is the earliest turn among the last boards of the active timelines. Before you submit, every board of the present must be played; a turn that leaves one of them is refused. Here both boards are at turn 1, so both are the present.
tutorial-present-done = Submitted: both boards moved on, and now Black is to move on both.

## 5. Active and inactive timelines.
tutorial-inactive-title = Active and inactive timelines
tutorial-inactive-task = Move on L0 and on L+1, then submit. Leave the board of L+2 as it is.
tutorial-inactive-explain = New timelines become active in step with the opponent's: your second one is active once the opponent has made one, your third once they have made two, and so on. White has made two and Black none, so L+2 is inactive. An inactive timeline does not pull the present back: L+2 may wait at turn 2 while the present is at turn 3.
tutorial-inactive-done = Submitted without touching L+2. Were it active, the present would be at turn 2 and that board would have been the one to play.

## 6. Check from another timeline.
tutorial-check-title = Check from another timeline
tutorial-check-task = Your king on L0 c1 is in check. Get it out of check, and play both boards.
tutorial-check-explain = Pieces attack along every axis. The black rook on L+1 c1 stands on the same square one timeline over, and a rook moves along the timeline axis too, so it attacks your king on L0 c1. No turn can be submitted while one of your kings could be taken, from any board.
tutorial-check-done = Safe: the rook on L+1 no longer reaches your king.

## 7. Capturing through time.
tutorial-capture-title = Capturing through time
tutorial-capture-task = The black knight stood on c3 two turns ago. Take it there with your rook.
tutorial-capture-explain = A piece can capture on a board of the past, even a piece that has left since. Your rook on c3 goes straight back along the time axis, over c3 of turn 2, which was empty then, to c3 of turn 1. A capture in the past makes a new timeline, and on it the knight is gone.
tutorial-capture-done = Taken! On the new timeline L+1 the knight is gone, and the present went back to turn 1: Black must answer there first.

## 8. Checkmate across timelines.
tutorial-mate-title = Checkmate across timelines
tutorial-mate-task = Checkmate in one turn. The black king on L0 e5 is walled in by its own pieces, on both timelines.
tutorial-mate-explain = A knight leaps two steps along one axis and one along another, and the timelines are one of the axes. From c5 on L+1 a knight attacks e5 on L0: two files over and one timeline back. A king can step onto the next timeline too, so count its squares there as well.
tutorial-mate-done = Checkmate! The knight on L+1 attacks the king on L0; nothing can take it or block it, and the king has nowhere to go.

## 9. Pawns along the timelines.
tutorial-pawn-title = Pawns along the timelines
tutorial-pawn-task = Move the pawn from c2 on L0 forward to c2 on L-1.
tutorial-pawn-explain = A pawn moves forward up the board, or forward along the timeline axis: for White toward the negative timelines, for Black toward the positive ones. Along the timelines it keeps its square, which must be empty.
tutorial-pawn-done = The pawn stepped onto L-1. Like every move between timelines, it played both boards at once.

## Why a try is not right.
# $n: the move's number within the turn, from 1.
tutorial-wrong-no-moves = Make a move first.
tutorial-wrong-illegal = Move { $n } is not a legal move there.
# $board: a board in notation, e.g. L+1 T3w.
tutorial-wrong-present-not-done = The present still waits on { $board }: make a move there too before you submit.
# $king: the king's square with its board (L0 T1b c1); $from: the attacker's (L+1 T1b c1).
tutorial-wrong-king-in-check = Your king on { $king } would still be attacked from { $from }.
# $expected and $got: squares with their boards (L0 T1w b1).
tutorial-wrong-wrong-piece = Move the piece on { $expected }, not the one on { $got }.
tutorial-wrong-wrong-square = That piece went to { $got }; the target is { $expected }.
tutorial-wrong-no-new-timeline = No new timeline was made: send a piece to a board that can no longer be played, such as one in the past.
# $timeline: the new timeline's name (L+2).
tutorial-wrong-new-timeline-made = That made a new timeline, { $timeline }. Land on a board that is still to be played this turn.
tutorial-wrong-no-timeline-crossed = No piece went from one timeline to another.
tutorial-wrong-moved-inactive = { $board } is on an inactive timeline and did not need a move. Leave it, and submit.
# $target: the square with its board (L0 T1w c3).
tutorial-wrong-no-capture = The piece on { $target } was not captured.
# $check: yes when the turn gave check; $reply: the opponent's answer in 5DPGN.
tutorial-wrong-not-mate = { $check ->
    [yes] Check, but not mate: the opponent escapes with { $reply }.
   *[no] Not even check: the opponent plays { $reply }.
}
tutorial-wrong-stalemate = Stalemate: the opponent has no legal turn but is not in check. That is a draw, not a win.
tutorial-wrong-undecided = Judging this turn took too long. Try it again.

## The lesson panel.
# $n: the lesson's number from 1; $total: how many there are.
tutorial-lesson-of = Lesson { $n } of { $total }
tutorial-focus-help = The boards and squares the task names are framed in blue.
tutorial-submit-help = Make your moves on the boards, then press Submit at the top.
tutorial-right = Right!
tutorial-not-yet = Not quite
tutorial-retry-help = The boards are back at the start of the lesson: try again.
tutorial-all-done = That was the last lesson. The puzzles are a good next step.
tutorial-hint = Hint
tutorial-hint-tip = Show the first move of the intended turn on the boards
# $move: a move in 5DPGN, e.g. (0T1)Nc3.
tutorial-hint-move = Hint: play { $move } (the gold arrow).
tutorial-reset = Reset
tutorial-reset-tip = Put the boards back at the start of the lesson
tutorial-previous = Previous
tutorial-next = Next lesson
tutorial-back = Back to menu
# $done: lessons finished; $total: how many there are.
tutorial-lessons = Lessons: { $done } of { $total } done
tutorial-row-done = Done
tutorial-row-not-done = Not done yet
