# 読み込み画面とランキング画面 (ja)。
menus-load-heading = 対局を読み込む
menus-saved-games-in = 保存された対局: { $path }
menus-no-saves = 保存された対局はまだありません。
menus-path-hint = または .5dpgn、.wager、.kingdrops ファイルへのパス
menus-leaderboard-heading = ランキング
menus-leaderboard-rule = ここで変則ルールの初期配置から始めた対局で AI に勝った場合のみ記録されます。
menus-your-name = あなたの名前
menus-no-wins = ここにはまだ勝利がありません。
menus-column-name = 名前
menus-column-date = 日付
menus-column-turns = 手番数
menus-column-clock = 持ち時間
menus-column-thinking = 思考時間
menus-unfinished = 途中の対局
menus-saved = 保存された対局
menus-cannot-open = そのファイルを開けません：{ $error }
# ファイルダイアログ。
files-choose = ファイルを選ぶ…
files-save-as = 名前を付けて保存…
files-save-as-tip = システムのファイルダイアログで保存先を選びます
files-open-title = 対局を開く
files-save-title = 対局を保存
files-game-kinds = Timefork の対局
files-saved-to = 保存しました：{ $path }
files-could-not-save = { $path } に保存できません：{ $error }
files-no-dialog = ファイルダイアログがありません（デスクトップポータルがありません：このセッションには D-Bus がなく、zenity も入っていません）。パスを入力してください。
