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
