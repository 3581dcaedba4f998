# The rules pages of the three games (src/rules_pages and each game's rules_page.rs).

rules-heading = Rules: { $game }
rules-close = Close
rules-previous = Previous
rules-next = Next
rules-button = Rules
rules-button-tip = The rules of this game, section by section, with diagrams (clocks keep running)

## 5D chess.
rules-fived-board-title = Boards and pieces
rules-fived-board-text = Every board is a chessboard, and every piece moves on it as in ordinary chess: here the knight goes from b1 to c3. A move never changes the board it starts from: it makes the next board of the row, one step to the right, where the other side is to move. A board's border shows whose move it is there: light for White, dark for Black.
rules-fived-time-title = Travel through time
rules-fived-time-text = Each row of boards is a timeline, and time runs from left to right. A piece may also move along the time axis: one step back is one whole turn back, to the board of the same timeline where the same side was to move. Here the rook of turn 2 goes back to c1 of turn 1. That board has already been played, so a new timeline, L+1, branches from it. White's new timelines get positive numbers, Black's negative ones.
rules-fived-timelines-title = Moving between timelines
rules-fived-timelines-text = Timelines are a fourth axis: one step along it goes to the neighbouring timeline at the same turn. Pieces move along the four axes as along files and ranks: a rook along one axis, a bishop along two at once by the same distance, a knight two steps on one axis and one on another, a king or a queen along any of them. Here the rook goes from L0 to c1 of L+1; that board is still to be played, so no new timeline is made.
rules-fived-present-title = The present
rules-fived-present-text = The present is the earliest turn among the last boards of the active timelines; the game marks it with a band. Every board of the present where you are to move must be played before you can submit your turn. Here both timelines stand at turn 1 with White to move: White moves on both boards, then submits.
rules-fived-inactive-title = Active and inactive timelines
rules-fived-inactive-text = A player may make one timeline more than the opponent: the n-th timeline a player makes is active while the opponent has made at least n-1. Inactive timelines are drawn dimmed; they do not hold the present back and need not be played, though you may still move on them. Here White has made L+1 and L+2 and Black none, so L+2 is inactive: White plays L0 and L+1 and may leave L+2 alone.
rules-fived-check-title = Check from another board
rules-fived-check-text = A king is in check when an enemy piece could take it with one move from any board, through time or across timelines. You cannot submit a turn that leaves one of your kings attacked. Here the black rook on L+1 attacks the white king on L0 along the timeline axis: White moves that king away, and plays L+1 as well.
rules-fived-mate-title = Checkmate
rules-fived-mate-text = When a player is in check and no turn would make all their kings safe, that is checkmate and the game is lost. With no legal turn and no check, it is stalemate, a draw. Here the white knight leaps from L0 c3 to c5 of L+1 and from there attacks the king on L0 e5, two files over and one timeline back: nothing can take the knight, and every square the king could go to is held by its own pieces.
rules-fived-pawn-title = Pawns
rules-fived-pawn-text = A pawn moves and takes on its board as in chess, and it also moves forward along the timeline axis: White's pawns toward the negative timelines, Black's toward the positive ones. It takes across timelines one timeline forward and one turn back or ahead. Here the pawn on L0 c2 steps to c2 of L-1. A pawn that reaches the last rank becomes a queen.

## Timeline Wager.
rules-wager-board-title = Chess on every timeline
rules-wager-board-text = Timeline Wager is ordinary chess, with castling, en passant, promotion and the usual draws, played on many timelines at once. The match starts with one timeline, L0, whose bank holds 50 points for White and 50 for Black. Each timeline has its own side to move, and both players play at the same time: you may move on any timeline where it is your turn, in any order.
rules-wager-split-title = Move and split
rules-wager-split-text = Instead of a plain move you may move and split, with a stake: an even number, at least 2. A new timeline starts as a copy of this one with your move played on it, and half the stake goes from each player's share of this bank to the new one. The old timeline stays as it was, and it is still your turn there. Here White plays e2-e4 with a stake of 20: L1 has the move played and 10 points each, L0 keeps 40 each. Each share must keep at least one point, and at most 50 timelines may be open.
rules-wager-merge-title = Merging timelines
rules-wager-merge-text = When a move makes a timeline's position the same as one in the history of another open timeline, both players are asked whether to merge them. If both agree, the two banks are added and play goes on from the board farther in the future; the other timeline closes. Here White split with Nf3 and then played Nf3 on L0 as well, so the two positions are the same. A refusal is final for that pair, and a move on either timeline withdraws the offer.
rules-wager-clock-title = The weighted clock
rules-wager-clock-text = In a timed match each player has one clock. It runs while it is that player's turn on at least one open timeline, at the share of all open points those timelines hold. Here White is to move on L0, which holds 80 of the 100 points, and Black on L1 with 20: White's clock runs at 0.8 seconds a second, Black's at 0.2. A move adds the increment times its timeline's share.
rules-wager-win-title = Winning
rules-wager-win-text = Checkmate on a timeline wins its whole bank; a draw splits it evenly; either way the timeline closes. The first player whose secured points pass 50 wins the match, and if every timeline closes with neither past 50, the match is drawn. A fallen flag loses. Here Black mates on L0 and secures all 100 points.
rules-wager-bank = White { $white } · Black { $black }
rules-wager-clock-share = { $side } to move · { $share } s/s
rules-wager-same = same position

## Kingdrops.
rules-kd-setup-title = Setting up
rules-kd-setup-text = The board starts empty. White places all sixteen pieces on ranks 1 and 2, in any order; then Black does the same on ranks 7 and 8, having seen White's. The game offers a standard layout, a random one and a mirror of the opponent's.
rules-kd-setup-here = Black places here
rules-kd-pieces-title = The pieces
rules-kd-pieces-text = Spearman: one step straight forward. Archer: one step diagonally forward. Rook: one to three squares along a rank or a file. Bishop: one to three squares diagonally. Queen: one or two squares in any direction. Guard and king: one step in any direction. No piece jumps, and every piece takes the way it moves. The rings show where the queen, the rook, the spearman and the archer here can go.
rules-kd-three-title = Three moves a turn
rules-kd-three-text = A turn is up to three moves, each by a different piece: you make as many as the position allows, up to three, unless a move wins first. Here White steps the spearman from e2 to e3, the archer from d2 to c3, and then the queen onto the square the archer left. The king may always move first; as a second or third move only if its square is not attacked.
rules-kd-drops-title = Drops beside the king
rules-kd-drops-text = Instead of a step, a move may put a piece from your reserve on an empty square next to your own king, where it stands at that moment; at most one drop a turn, and a drop never wins. Here White's rook waits in the reserve, and the rings are the squares it may be dropped on.
rules-kd-reserve = White's reserve
rules-kd-exchange-title = Prisoners and the exchange
rules-kd-exchange-text = A captured spearman, archer or king leaves the game; a captured rook, bishop, guard or queen goes to the capturer's prison. At the end of every turn, while both prisons hold a piece of the same kind, one such pair is exchanged: each piece goes back to its owner's reserve, ready to be dropped. Here each side holds the other's rook, so both rooks go home.
rules-kd-prison-white = White's prison
rules-kd-prison-black = Black's prison
rules-kd-win-title = Winning
rules-kd-win-text = There is no check: a king may be attacked and taken. You win by taking the opposing king, or by moving your king, a spearman or an archer onto the last rank: rank 8 for White, rank 1 for Black. Making the same position for the third time at the end of your turn loses. Here the spearman steps from b7 to b8 and wins.

## First-game guides (src/play/guide.rs, src/wager/guide.rs, src/kingdrops/guide.rs).
guide-step = { $n } of { $of }
guide-next = Next
guide-skip = Skip this step
guide-finish = Finish the guide
guide-close = End the guide
guide-wager-title = Learn Timeline Wager
guide-wager-move = This is a real match against the Easy AI. It is your move on timeline L0: click one of your pieces, then the square it should go to.
guide-wager-split = Now split: tick { wager-split-toggle }, choose a stake with the slider, then make a move. The move is played on a new timeline that takes the stake, half from each of you; on this timeline it is still your move.
guide-wager-map = Every timeline is a game of its own. The map shows them all: click one to look at it, or use the arrow keys. You may move on any timeline where it is your turn, while the AI plays the others.
guide-wager-clock = Your clock runs only while it is your turn somewhere, at the share of the points those timelines hold: time spent on a small timeline is cheap.
guide-wager-merge = When two timelines reach the same position, an offer to merge them appears. If both of you accept, the banks join and play goes on from the board farther ahead.
guide-wager-win = Checkmate on a timeline wins its bank; the first to secure more than 50 points wins the match. { rules-button } has every detail.
guide-kd-title = Learn Kingdrops
guide-kd-setup = This is a real game against the Easy AI. First set up your army on ranks 1 and 2: drag pieces from the tray beside the board, or press { kd-standard } or { kd-random }.
guide-kd-ready = All sixteen are placed. Press { kd-ready }; then the AI sets up its side, seeing yours.
guide-kd-turn = Your turn: up to three moves, each with a different piece. Click a piece, then its square; when the moves are made, press { kd-end-turn }.
guide-kd-drops = A piece that comes back to you waits in your reserve beside the board. Putting it on an empty square next to your king is one of your three moves, at most one a turn.
guide-kd-exchange = Rooks, bishops, guards and queens you take go to your prison. When both prisons hold the same kind, one of each goes back to its owner's reserve at the end of the turn.
guide-kd-win = There is no check: take the enemy king, or bring your king, a spearman or an archer to the last rank, and you win. { rules-button } has every detail.
