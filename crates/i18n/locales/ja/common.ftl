# すべてのゲームと画面で共通の文言 (ja)。
common-back = 戻る
common-open = 開く
common-human = 人間
common-ai-player = AI · { $level }
common-level-easy = 初級
common-level-medium = 中級
common-level-hard = 上級
common-level-max = 最強
common-white = 白
common-black = 黒
common-game-fived = 5Dチェス
common-game-wager = Timeline Wager
common-game-kingdrops = Kingdrops
common-clock = 持ち時間
common-untimed = 時間無制限
common-custom = カスタム
common-clock-preset-tip = 分 + 1手番ごとに加算される秒
common-minutes = 分
common-seconds-a-turn = + 1手番ごとの秒
common-clock-minutes = { $minutes }+{ $increment }
common-clock-seconds = { $seconds }秒+{ $increment }
common-cannot-read = { $path } を読み込めません: { $error }
files-unknown-kind = このプログラムで遊べるどのゲームの保存データでもありません
common-turns = { $n } 手番
common-no-game-text = 読み込む対局のテキストがありません
# 投了の前の確認。
common-sure = 本当に？
common-yes = はい
common-no = いいえ

## 対局の振り返り（5Dチェスとキングドロップ）

review-open = 振り返り
review-open-tip = エンジンが対局の全手番を調べます：評価のグラフと、損の大きかった手番とより良い手
review-title = 対局の振り返り
review-progress = 局面を調べています：{ $done } / { $all }
review-graph-tip = 各手番の後の白から見た評価（ポーン単位）。グラフか手番をクリックするとその局面を表示します。
review-white = 白の評価
review-good = 好手
review-inaccuracy = 不正確
review-mistake = 悪手
review-blunder = 大悪手
review-count = { $verdict }：{ $n }
review-no-mistakes = 大きく損をした手番はありません。
review-entry = { $turn }：{ $played }（{ $verdict }、−{ $loss }）
review-entry-tip = この手番の後の局面を表示します
review-better = より良い手：{ $better }
review-close = 閉じる
review-close-tip = 振り返りを閉じます（結果は保存されません）
review-turn = { $n }. { $side }
common-remote = 別のコンピューター
common-remote-tip = この側は別のコンピューターの人が指します。対局はここで開かれ、相手はこのコンピューターのアドレスで参加します。
unfinished-damaged = 未完了の対局を読み込めませんでした ({ $why })。ファイルは { $aside } に名前を変えて残してあります。
unfinished-damaged-kept = 未完了の対局を読み込めず ({ $why })、ファイルの名前を変えることもできませんでした: { $error }
