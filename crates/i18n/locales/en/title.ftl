# The title screen (en).
title-subtitle = multiverse chess
title-fived-blurb = Chess with multiverse time travel: pieces move back in time and across timelines, and every jump into the past starts a new timeline.
title-new-game = New game
title-fived-new-tip = Any variant of the commercial game, against the AI or a friend
title-puzzles = Puzzles
title-puzzles-tip = Find the checkmate: 48 positions, mate in one to three turns
title-wager-blurb = Chess on many timelines at once: split a game and stake points on the new line, merge lines that meet, and secure more than 50 points to win.
title-new-match = New match
title-wager-new-tip = Against the AI or a friend, timed or not
title-kingdrops-blurb = Set up your own army, then play three moves a turn: drop prisoners back beside your king, and race a runner to the last rank.
title-kingdrops-new-tip = Against the AI or a friend; each side sets up its pieces first
title-load-game = Load game
title-leaderboard = Leaderboard
title-settings = Settings
title-quit = Quit
title-learn = Learn to play
title-learn-tip = Nine short lessons on the boards: time travel, timelines, the present, check and mate
# Offered once, on the first start.
title-first-start = New to 5D chess? Nine short lessons teach moving through time and across timelines, one turn each.
title-first-start-go = Start the tutorial
title-first-start-later = Not now
title-rules = Rules
title-rules-tip = The rules, section by section, with diagrams
title-wager-learn-tip = A first match against the Easy AI, with a guide to moves, splits, the map and the clocks
title-kingdrops-learn-tip = A first game against the Easy AI, with a guide to the setup, turns, drops and the exchange
# Continue: the newest unfinished game, e.g. "Continue: 5D Chess, against the AI (Hard), turn 12".
title-continue = Continue: { $what }
title-continue-tip = The game you left, exactly where it was: position, players and clocks
title-continue-what = { $game }, { $who }, turn { $turn }
title-continue-vs-ai = against the AI ({ $level })
title-continue-people = two people
title-continue-ai-alone = the AI against itself
title-join = Join a game
