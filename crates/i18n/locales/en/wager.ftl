# wager texts (en).
# A side ($side, $winner) is passed as "white" or "black"; each message spells the colour.
# Timeline numbers are notation: "L{ $n }" stays L0, L1... in every language.

## The bar on top

# A clock in an untimed match: "White untimed".
wager-clock-untimed =
    { $side ->
        [white] White
       *[black] Black
    } untimed
# A clock once the match is over: "White 4:32".
wager-clock-stopped =
    { $side ->
        [white] White
       *[black] Black
    } { $time }
# A running clock and the rate it runs at: "White 4:32 at 0.50x".
wager-clock-running =
    { $side ->
        [white] White
       *[black] Black
    } { $time } at { $rate }x
wager-previous-tip = Previous timeline (Left, Shift+Tab)
wager-next-tip = Next timeline (Right, Tab)
wager-timeline-heading = Timeline L{ $n }
# How many timelines are still open, of all there are: "2 of 3 open".
wager-open-count = { $open } of { $total } open
# The points at stake on the timeline on screen, each player's share.
wager-bank-here = Bank here: White { $white } · Black { $black }
wager-bank-tip = The points at stake on this timeline. Checkmate secures the whole bank for the winner; a draw splits it.
# Points each player has won for good.
wager-secured = Secured: White { $white } · Black { $black }
wager-secured-tip = The first to secure more than 50 points wins the match.
wager-clock-tip = A clock runs while its player is to move on some timeline, at the share of all open points those timelines hold; a move adds the increment scaled by its timeline's share.
wager-to-move-here =
    { $side ->
        [white] White
       *[black] Black
    } to move here
wager-to-move-here-ai =
    { $side ->
        [white] White
       *[black] Black
    } to move here (the AI)
wager-to-move-here-remote =
    { $side ->
        [white] White
       *[black] Black
    } to move here (the other computer)
wager-closed-checkmate =
    Closed: checkmate, { $winner ->
        [white] White
       *[black] Black
    } secured the bank
# $reason is one of the wager-draw-... texts.
wager-closed-draw = Closed: a draw ({ $reason })
wager-closed-merged = Closed: merged into L{ $into }
wager-ai-thinking =
    the AI ({ $side ->
        [white] White
       *[black] Black
    }) is thinking
# The toggle that makes the next move also split the timeline (S is its key).
wager-split-toggle = Split (S)
wager-split-tip = Move and split: your move is played on a new timeline that takes the stake (half from each player's share of this bank); here it stays your turn.
# The label of the slider that sets the stake of a split.
wager-stake = stake
wager-resign =
    Resign ({ $side ->
        [white] White
       *[black] Black
    })
wager-save = Save
wager-save-tip = Save the match record
wager-saved = saved to { $path }
wager-save-failed = could not save: { $error }
wager-menu = Menu
wager-help = Click a piece, then a target. Left/Right or Tab: other timelines. S: split. Wheel zooms, right-drag pans.

## Merge offers

wager-offers-title = Merge offers
wager-offer = L{ $a } and L{ $b } reached the same position. Merge them? Their banks add up and play goes on on L{ $survivor }. A refusal is final for this position.
# A side's answer to a merge offer.
wager-answer-yes =
    { $side ->
        [white] White
       *[black] Black
    }: yes
wager-answer-no =
    { $side ->
        [white] White
       *[black] Black
    }: no
# Before a person's Accept and Refuse buttons.
wager-answer-pending =
    { $side ->
        [white] White
       *[black] Black
    }:
wager-accept = Accept
wager-refuse = Refuse
wager-ai-deciding =
    { $side ->
        [white] White
       *[black] Black
    }: the AI is deciding
wager-remote-deciding =
    { $side ->
        [white] White
       *[black] Black
    }: the other player is deciding

## Promotion

wager-promote-title = Promote to
wager-piece-queen = Queen
wager-piece-rook = Rook
wager-piece-bishop = Bishop
wager-piece-knight = Knight
wager-piece-pawn = Pawn
wager-piece-king = King
wager-cancel = Cancel

## The map of timelines and the moves

wager-timelines-title = Timelines
# A node of the map: whose move it is on that timeline.
wager-map-to-move =
    { $side ->
        [white] White
       *[black] Black
    } to move
# A node of the map closed by checkmate; $result is 1-0 or 0-1.
wager-map-mate = { $result } mate
# A node of the map closed by a draw; $reason is one of the wager-draw-... texts.
wager-map-draw = ½-½ { $reason }
wager-map-merged = merged into L{ $into }
# The tooltip of a node; plies are half-moves.
wager-map-node-tip = Timeline L{ $n }: bank White { $white } · Black { $black }, { $plies } plies
wager-map-node-tip-split = Timeline L{ $n }: bank White { $white } · Black { $black }, { $plies } plies, split from L{ $parent } at ply { $ply }
wager-moves-on = Moves on L{ $n }
wager-move-before-split = played before this timeline split off
wager-move-on-timeline = played on this timeline
wager-no-moves = no moves yet

## Draws

wager-draw-stalemate = stalemate
wager-draw-threefold = threefold repetition
wager-draw-fifty-moves = fifty-move rule
wager-draw-insufficient-material = insufficient material

## The result

wager-over-title = Match over
wager-white-wins = White wins the match
wager-black-wins = Black wins the match
wager-match-drawn = The match is drawn
wager-end-points = more than 50 points secured
wager-end-all-closed = every timeline closed with nobody past 50
wager-end-resignation = resignation
wager-end-flag-fall = a clock ran out
wager-end-both-flags = both clocks ran out at once
# The result's heading: "White wins the match: resignation".
wager-result = { $headline }: { $reason }
wager-result-summary = Secured: White { $white } · Black { $black }; { $splits } splits, { $merges } merges
wager-keep-browsing = Keep browsing
wager-new-match = New match
# Back to the title screen.
wager-title = Title

## The new-match screen

wager-new-heading = New Timeline Wager match
wager-new-about = Ordinary chess on many timelines at once. Either player may split a timeline and stake points on the new one; checkmate secures a timeline's bank, a draw splits it, and the first to secure more than 50 points wins.
wager-start = Start
wager-clock-error-zero = the base time must be more than 0
wager-clock-error-too-long = at most { $minutes } minutes and { $seconds } seconds of increment
wager-clock-error-fraction = base time { $ms } ms is not a whole number of thousandths of a minute

## Refused requests (the rules' reasons)

# A time in the match, in seconds: "12.5 s".
wager-seconds = { $s } s
# $result is 1-0, 0-1 or 1/2-1/2.
wager-error-match-over = the match is over ({ $result })
wager-error-time-went-back = time { $now } is before the previous event at { $last }
wager-error-flag-fallen =
    { $side ->
        [white] White
       *[black] Black
    }'s clock ran out at { $at }
wager-error-flag-not-fallen =
    { $side ->
        [white] White
       *[black] Black
    }'s clock runs out at { $runs_out }, not { $at }
wager-error-clock-not-running =
    { $side ->
        [white] White
       *[black] Black
    }'s clock is not running at { $at }
wager-error-untimed = the match is untimed: no flag can fall
wager-error-no-timeline = there is no timeline L{ $n }
wager-error-timeline-closed = timeline L{ $n } is closed
wager-error-not-your-turn =
    it is not { $side ->
        [white] White
       *[black] Black
    }'s turn on L{ $timeline }
# $mv is the move in UCI notation, $fen the position.
wager-error-illegal-move = { $mv } is not legal on L{ $timeline } ({ $fen })
wager-error-odd-stake = stake { $stake } is odd (stakes are even)
wager-error-stake-too-small = stake { $stake } is below the minimum of 2
wager-error-stake-too-large = stake { $stake } is too large: each share of the bank keeps at least 1 point (at most { $max })
wager-error-timeline-limit = 50 timelines are open: no more splits
wager-error-no-offer = there is no open merge offer between L{ $a } and L{ $b }
wager-error-already-answered =
    { $side ->
        [white] White
       *[black] Black
    } has already answered the merge offer between L{ $a } and L{ $b }

## Take-back against the AI, one timeline at a time

wager-take-back = Take back
wager-take-back-tip = Take back your last move on this timeline and the AI's answer; the other timelines stay as they are. A match with a take-back does not enter the leaderboard.
wager-error-no-take-back = a take-back is only for the person playing the AI, on their move
wager-error-no-take-back-over = the match is over
wager-error-no-take-back-closed = L{ $timeline } is closed
wager-error-no-take-back-turn = { $side ->
    [white] it is not White's move on L{ $timeline }
   *[black] it is not Black's move on L{ $timeline }
}
wager-error-no-take-back-pair = L{ $timeline } has no move of yours answered by the AI to take back (a split is not taken back)
wager-error-no-take-back-depended = event { $event } rests on the last moves of L{ $timeline } (a split from it or a merge answer)
wager-error-no-take-back-replay = without those moves event { $event } no longer applies: { $reason }

## Browsing the history of the timeline on screen

wager-browsing-start = Showing: the start of this timeline
# $n is the move number; $white says whether White's half of it is shown last.
wager-browsing-after = { $white ->
    [yes] Showing: after { $n }. (White's move)
   *[no] Showing: after { $n }. (Black's move)
}
wager-browse-previous = Previous (Up)
wager-browse-next = Next (Down)
wager-back-to-game = Back to the game
wager-back-to-game-tip = End or Esc; the match goes on meanwhile
