# puzzles texts (ja).

## パズル一覧の難易度。
puzzles-tier-easy = 初級
puzzles-tier-medium = 中級
puzzles-tier-hard = 上級
puzzles-tier-easy-blurb = 1手でメイト。
puzzles-tier-medium-blurb = 2手でメイト、または混み合った多元宇宙での1手メイト。
puzzles-tier-hard-blurb = 3手でメイト、または混み合った多元宇宙での2手メイト。

puzzles-goal-mate-in = { $n }手でメイト
puzzles-task = { $side ->
    [white] 白
   *[black] 黒
}番、{ $goal }
puzzles-untitled = { $variant }：{ $task }
puzzles-custom-board = カスタム

## 一覧画面。
puzzles-heading = 5Dチェス・パズル
puzzles-solved-count = { $done }/{ $total } 問クリア
puzzles-intro = チェックメイトを見つけましょう。確定した手番はすぐに判定されます。正しければ守備側が最善の応手を指し、間違っていれば逃れる守備が表示されるので、もう一度挑戦してください。
puzzles-row-solved = クリア済み
puzzles-row-not-solved = 未クリア
puzzles-play = 挑戦
puzzles-play-again = もう一度

## パズルのパネル。
puzzles-to-play = { $side ->
    [white] 白
   *[black] 黒
}番：{ $goal }
puzzles-turns-left = メイトまで残り{ $n }手
puzzles-next = 次のパズル
puzzles-back-to-list = 一覧に戻る
puzzles-retry-turn = この手番をやり直す
puzzles-retry = やり直す
puzzles-start-over = 最初から
puzzles-right = 正解！
puzzles-defence-answers = 守備側の応手：{ $reply }
puzzles-your-turn = あなたの手番です。手を指して確定してください。
puzzles-defence-replies = 守備側が応手中…
puzzles-checking = 手番を判定中…
puzzles-solved = クリア！
puzzles-not-marked = 先に解答を見たため、クリア済みになりません。
puzzles-play-it-again = もう一度解く
puzzles-not-the-solution = 不正解
puzzles-refutation-shown = 盤面の赤い矢印：逃れる守備の手。
puzzles-out-of-time = 判定が時間切れになりました
puzzles-unproved = この手番の正誤は証明できませんでした。
puzzles-solution-step = 解答（{ $total }手中{ $k }手目）：
puzzles-play-next-action = 次の手へ ▶
puzzles-solution-played = チェックメイト：これが解答です。
puzzles-try-yourself = 自分で解く
puzzles-finding-solution = 解答を探索中…
puzzles-hint = ヒント
puzzles-hint-tip = ここから解答で最初に動かす駒
puzzles-show-solution = 解答を表示
puzzles-show-solution-tip = 解答の全手順。盤面を最初に戻して再生します
puzzles-looking-for-hint = ヒントを探索中…
puzzles-hint-move = ヒント：{ $move }（金色の矢印）
puzzles-hint-piece = ヒント：{ $square }の{ $piece }を動かす（金色の枠）
puzzles-show-move = 手を表示
puzzles-no-hint = ヒントなし：{ $error }
puzzles-solution = 解答
puzzles-no-solution = 解答が見つかりません：{ $error }
puzzles-solved-mates = { $side ->
    [white] 白
   *[black] 黒
}の{ $n }手メイト。
puzzles-not-marked-short = （先に解答を見たため、クリア済みになりません）
puzzles-close = 閉じる

## 駒の名前。
puzzles-piece = 駒
puzzles-piece-pawn = ポーン
puzzles-piece-knight = ナイト
puzzles-piece-bishop = ビショップ
puzzles-piece-rook = ルーク
puzzles-piece-queen = クイーン
puzzles-piece-king = キング
puzzles-piece-unicorn = ユニコーン
puzzles-piece-dragon = ドラゴン
puzzles-piece-princess = プリンセス
puzzles-piece-brawn = ブラウン
puzzles-piece-royal-queen = ロイヤルクイーン
puzzles-piece-common-king = コモンキング

## 手番が解答でない理由。
puzzles-wrong-illegal = 合法な手ではありません：{ $reason }
puzzles-illegal-empty = 手には少なくとも1つの移動が必要です
puzzles-illegal-move = { $n }番目の移動はそこでは指せません
puzzles-wrong-stalemate = ステイルメイト：守備側に合法な手はありませんが、チェックもかかっていません
puzzles-wrong-no-check = メイトではありません（チェックでもありません）：守備側は{ $reply }
puzzles-wrong-escapes = メイトではありません：守備側は{ $reply }で逃れます
puzzles-wrong-no-mate-after = 守備側は{ $reply }で逃れます：その後{ $n }手でメイトできません

## ヒントや解答がない理由。
puzzles-error-format = パズルではありません：{ $reason }
puzzles-error-no-mate = { $n }手でメイトできません
puzzles-error-no-mate-because = { $n }手でメイトできません：{ $reason }
puzzles-reason-checkmated = 手番側はすでにチェックメイトされています
puzzles-reason-stalemated = 手番側はステイルメイトです
puzzles-error-shorter-mate = より短いメイトがあります：{ $action }で{ $n }手メイト
puzzles-error-bad-solution = 解答手順の{ $index }手目が誤りです：{ $reason }
puzzles-error-unknown = 不明：探索の上限により{ $nodes }手で証明が止まりました
