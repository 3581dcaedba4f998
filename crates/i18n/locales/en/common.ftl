# Texts shared by every game and screen (en).
common-back = Back
common-open = Open
common-human = Human
# A player: the AI at a level, e.g. "AI · Hard".
common-ai-player = AI · { $level }
common-level-easy = Easy
common-level-medium = Medium
common-level-hard = Hard
common-level-max = Max
common-white = White
common-black = Black
common-game-fived = 5D Chess
common-game-wager = Timeline Wager
common-game-kingdrops = Kingdrops
common-clock = Clock
common-untimed = untimed
common-custom = custom
common-clock-preset-tip = minutes + seconds added per turn
common-minutes = minutes
common-seconds-a-turn = + seconds a turn
# A clock of whole minutes and an increment: "5+3".
common-clock-minutes = { $minutes }+{ $increment }
# A clock of seconds and an increment: "90s+2".
common-clock-seconds = { $seconds }s+{ $increment }
common-cannot-read = cannot read { $path }: { $error }
files-unknown-kind = not a saved game of any kind this program plays
# A turn count, for tables and summaries.
common-turns = { $n ->
    [one] { $n } turn
   *[other] { $n } turns
}
common-no-game-text = there is no game text to read
# Asked before resigning.
common-sure = Sure?
common-yes = Yes
common-no = No

## Game review (5D chess and Kingdrops)

review-open = Review
review-open-tip = The engine looks at every turn of the game: a graph of its evaluation and the turns that cost most, with a better one
review-title = Game review
# $done of $all positions have been looked at.
review-progress = Looking at the positions: { $done } / { $all }
review-graph-tip = The evaluation for White after each turn, in pawns; click the graph or a turn to see that position.
review-white = White's evaluation
review-good = good
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
# $verdict is one of the words above, $n how many.
review-count = { $verdict }: { $n }
review-no-mistakes = No turn lost much: no mistakes.
# $turn names the turn ("12. White"), $played is its text, $loss in pawns.
review-entry = { $turn }: { $played } ({ $verdict }, −{ $loss })
review-entry-tip = Show the position after this turn
review-better = better: { $better }
review-close = Close
review-close-tip = Close the review (what it found is not kept)
# $n is the turn number, $side "White" or "Black".
review-turn = { $n }. { $side }
common-remote = At the other computer
common-remote-tip = The person at another computer plays this side: the game is hosted here, and they join by this computer's address.
unfinished-damaged = An unfinished game could not be read ({ $why }). It is kept aside as { $aside }.
unfinished-damaged-kept = An unfinished game could not be read ({ $why }), nor set aside: { $error }
