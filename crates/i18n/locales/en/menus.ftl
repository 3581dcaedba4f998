# The load and leaderboard screens (en).
menus-load-heading = Load game
menus-saved-games-in = Saved games in { $path }
menus-no-saves = No saved games yet.
menus-path-hint = or a path to a .5dpgn, .wager or .kingdrops file
menus-leaderboard-heading = Leaderboard
menus-leaderboard-rule = Only a win against the AI in a game started here from a variant's start counts.
menus-your-name = Your name
menus-no-wins = No wins here yet.
menus-column-name = Name
menus-column-date = Date
menus-column-turns = Turns
menus-column-clock = Clock
menus-column-thinking = Thinking time
menus-unfinished = Unfinished games
menus-saved = Saved games
menus-cannot-open = Cannot open that file: { $error }
# File dialogs (src/file_dialogs.rs).
files-choose = Choose a file…
files-save-as = Save as…
files-save-as-tip = Choose where to save the game, in the platform's file dialog
files-open-title = Open a game
files-save-title = Save the game
files-game-kinds = Timefork games
files-saved-to = Saved to { $path }
files-could-not-save = Could not save to { $path }: { $error }
files-no-dialog = No file dialog here (no desktop portal: this session has no D-Bus, and zenity is not installed); type the path instead.
