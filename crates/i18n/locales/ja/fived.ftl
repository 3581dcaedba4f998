# 5Dチェス: 手番バー、棋譜、保存、新しい対局、駒の説明 (ja)。
# $side と $winner は "white" か "black"（表示されない。選択にだけ使う）。

## 対局終了

fived-outcome-checkmate = { $winner ->
    [white] チェックメイト：白の勝ち
   *[black] チェックメイト：黒の勝ち
}
fived-outcome-stalemate = ステイルメイト：引き分け
fived-outcome-resignation = { $winner ->
    [white] 黒が投了：白の勝ち
   *[black] 白が投了：黒の勝ち
}
fived-outcome-time-out = { $winner ->
    [white] 黒の時間切れ：白の勝ち
   *[black] 白の時間切れ：黒の勝ち
}
fived-outcome-abandoned = { $winner ->
    [white] 黒が対局を離れました：白の勝ち
   *[black] 白が対局を離れました：黒の勝ち
}
fived-outcome-aborted = 二手番目の前に中止：結果なし
fived-after-turns = { $n } 手番を終えて
fived-game-over = 対局終了
fived-keep-browsing = 閲覧を続ける
fived-new-game = 新しい対局
fived-title = タイトルへ

## 拒否された操作

fived-error-game-over = 対局は終了しています
fived-error-illegal-move = { $mv } はここでは指せない手です
fived-error-nothing-to-undo = この手番に取り消せる手はありません
fived-error-cannot-submit = 手を確定できません：{ $reason }
fived-error-engine-refused = エンジンがこの手番を拒否しました：{ $error }
fived-error-untimed = この対局は時間無制限です
fived-error-clock-not-running = { $side ->
    [white] 白の時計は動いていません
   *[black] 黒の時計は動いていません
}
fived-no-such-variant = 「{ $name }」というバリアントはありません

## 手を確定できない理由

fived-submit-present-not-moved = { $side ->
    [white] 現在線（手番 { $turn } 白）が進んでいません：先にそこの盤面すべてで指してください
   *[black] 現在線（手番 { $turn } 黒）が進んでいません：先にそこの盤面すべてで指してください
}
fived-submit-royal-capturable = 相手がロイヤルピースを取れます：(L{ $from_l } T{ $from_t }) { $from_sq } が (L{ $to_l } T{ $to_t }) { $to_sq } を取る

## 手番バー

fived-turn-heading = { $side ->
    [white] 手番 { $turn } · 白の番
   *[black] 手番 { $turn } · 黒の番
}
fived-present = 現在線：{ $present }
fived-present-tip = 現在線はアクティブな時間軸の中で最も早い手番です。手番の側は確定の前にそこのすべての盤面（オレンジの枠）で指す必要があります。緑の破線の枠の盤面でも指せます。
fived-time-control-tip = 持ち時間 + 1手番ごとの加算。メイトの確認中は時計が止まります。
fived-checking-mate = メイトを確認中…
fived-check = チェック！
fived-check-tip = 手番の側のロイヤルピースがどこかの盤面から攻撃されています。手番の終わりにはどのロイヤルピースも取られない状態にしてください。
fived-mate-check-gave-up = メイト確認を打ち切りました（上限に到達）：続けてください
fived-ai-thinking = AIが思考中…
fived-undo = 取り消し (Ctrl+Z)
fived-submit = 手を確定 (Enter)
fived-hint = ヒント
fived-hint-tip = この局面で指す手番をAI（上級）に聞く
fived-resign = 投了
fived-resign-tip = { $side ->
    [white] 白が投了する
   *[black] 黒が投了する
}
fived-menu = メニュー
fived-cannot-submit = 手を確定できません：{ $reason }
fived-looking-for-hint = ヒントを探しています…
fived-hint-action = ヒント：{ $action }
fived-controls-help = 駒をクリックしてから行き先をクリック。右/中ボタンのドラッグか矢印キーで移動、ホイールでズーム、F で全体表示、V でフリーカメラ（Q/E で回転）。

## 履歴の閲覧

fived-browsing-start = 閲覧中：開始局面
fived-browsing-after = { $side ->
    [white] 閲覧中：{ $k } 手目の後（白の手）
   *[black] 閲覧中：{ $k } 手目の後（黒の手）
}
fived-browse-previous = 前へ (Left)
fived-browse-next = 次へ (Right)
fived-back-to-game = 対局に戻る
fived-browse-live-key = Esc

## 時計

fived-clock-human = 人間
fived-clock-solver = ソルバー
fived-clock-ai = AI { $level }
fived-clock-left = { $side } ({ $who }) { $time }
fived-clock-used = { $side } ({ $who }) { $time } 使用

## 保存データの持ち時間

fived-time-control-not-tag = 持ち時間 `{ $tag }` が 基本+加算（秒）の形ではありません
fived-time-control-bad-base = 持ち時間 `{ $tag }`：基本時間 `{ $value }` が整数の秒ではありません
fived-time-control-bad-increment = 持ち時間 `{ $tag }`：加算 `{ $value }` が整数の秒ではありません
fived-time-control-out-of-range = 持ち時間 `{ $tag }` が範囲外です（1 秒～24 時間、加算は 1 時間まで）

## 棋譜

fived-moves = 棋譜
fived-this-turn = この手番：{ $action }
fived-move-list-help = 手をクリックすると、その後のマルチバースを表示します。
fived-list-start = 開始
fived-no-moves-yet = まだ手がありません
fived-copy = コピー
fived-copy-tip = 対局を 5DPGN でコピー
fived-copied = クリップボードにコピーしました
fived-save = 保存
fived-save-tip = 保存フォルダに保存（プレイヤーと時計も含む）
fived-saved-to = { $path } に保存しました
fived-could-not-save = 保存できません：{ $error }
fived-import = 読み込み…
fived-export = 書き出し
fived-exported-to = { $path } に書き出しました
fived-could-not-write = { $path } に書き込めません：{ $error }
fived-import-help = 5DPGN か 5DFEN を貼り付けるか、上にファイルのパスを入力：
fived-load-pasted = 貼り付けたテキストを読み込む
fived-load-file = ファイルを読み込む
fived-imported = 対局を読み込みました

## 保存データの読み込み

fived-save-not-a-player = `{ $value }` はプレイヤーではありません（human, ai:easy, ai:medium, ai:hard, ai:max）
fived-save-bad-version = TimeforkSave：`{ $value }` はバージョン番号ではありません
fived-save-too-new = この保存データは形式バージョン { $version } で、このビルドが読めるもの（{ $supported }）より新しいです。開くには Timefork を更新してください
fived-save-header-missing = { $header } がありません
fived-save-header-error = { $header }：{ $error }
fived-save-bad-clocks = TimeforkClocks：`{ $value }` がミリ秒の数 4 つではありません

## 5DPGN の読み込み

fived-notation-error = { $line } 行目：`{ $text }`：{ $message }
fived-notation-stray-brace = 開き括弧のない閉じ括弧
fived-notation-open-comment = コメントが閉じられていません
fived-notation-open-header = ヘッダーが `]` で閉じられていません
fived-notation-open-quote = ヘッダーの値が引用符で閉じられていません
fived-notation-header-key = ヘッダーのキーは1語でなければなりません
fived-notation-bad-header = ヘッダーが `[Key "value"]` でも 5DFEN の盤面でもありません
fived-notation-after-header = ヘッダーの後にテキストがあります
fived-notation-mode = 読めるのは Mode "5D" の対局だけです
fived-notation-size = Size は 8x8 のような形にしてください
fived-notation-unknown-variant = 不明なバリアント（`timefork-cli variants` を参照）
fived-notation-no-game = 対局がありません（ヘッダーも手もない）
fived-notation-after-result = 対局結果の後にテキストがあります
fived-notation-white-starts = この対局は白の手番から始まります

## 盤面

fived-timeline-inactive = { $timeline }（非アクティブ）

## 駒

fived-piece-of-side = { $side ->
    [white] 白の{ $piece }
   *[black] 黒の{ $piece }
}
fived-piece-pawn = ポーン
fived-piece-knight = ナイト
fived-piece-bishop = ビショップ
fived-piece-rook = ルーク
fived-piece-queen = クイーン
fived-piece-king = キング
fived-piece-unicorn = ユニコーン
fived-piece-dragon = ドラゴン
fived-piece-princess = プリンセス
fived-piece-brawn = ブラウン
fived-piece-royal-queen = ロイヤルクイーン
fived-piece-common-king = コモンキング
fived-rule-pawn = 前へ1歩：盤面の上方向（y）か、L に沿って相手の時間軸の方へ。初期位置からは2歩。盤面上の斜め（y と x）か、時間を越えて（L と T）取る。クイーンに昇格。
fived-rule-knight = ある軸に2歩、別の軸に1歩（x, y, T, L のうち任意の2つ）。駒も欠けた盤面も飛び越える。
fived-rule-bishop = ちょうど2つの軸に沿って任意の距離、両方とも同じ距離。
fived-rule-rook = 1つの軸に沿って任意の距離：x, y, T, L のどれか。
fived-rule-queen = 任意の数の軸に沿って任意の距離、どの軸も同じ距離。
fived-rule-king = 任意の軸に1歩。ロイヤル：どの盤面からも取られうる状態で手番を終えてはならない。
fived-rule-unicorn = ちょうど3つの軸に沿って任意の距離、どの軸も同じ距離。
fived-rule-dragon = 4つの軸すべてに同時に任意の距離、どの軸も同じ距離。
fived-rule-princess = ルークかビショップ：1つの軸に任意の距離、または2つの軸に同じ距離。
fived-rule-brawn = ポーンのように動く。さらに、ちょうど2つの軸に1歩ずつ取れる（少なくとも1つは前方、後方はなし）。
fived-rule-royal-queen = クイーンのように動き、キングと同じくロイヤル：取られうる状態にしてはならない。
fived-rule-common-king = キングのように動く（任意の軸に1歩）がロイヤルではない：取られることがある。

## 新しい対局

fived-new-game-heading = 新しい 5D チェスの対局
fived-variant = バリアント
fived-filter = 絞り込み
fived-community-variants = コミュニティのバリアント
fived-variant-chosen = バリアント：{ $name }
fived-start = 開始
fived-or-open-file = または 5DPGN / 5DFEN ファイルを開く：
fived-path-hint = path/to/game.5dpgn
fived-or-paste = または貼り付ける：
fived-start-from-pasted = 貼り付けたテキストから開始

fived-variant-standard = スタンダード
fived-variant-standard-turn-zero = スタンダード - ターンゼロ
fived-variant-standard-princess = スタンダード - プリンセス
fived-variant-standard-two-timelines = スタンダード - 2つの時間軸
fived-variant-standard-defended-pawn = スタンダード - 守られたポーン
fived-variant-standard-reversed-royalty = スタンダード - ロイヤル逆転
fived-variant-standard-half-reflected = スタンダード - 片側反転
fived-variant-small = スモール
fived-variant-small-flipped = スモール - 反転
fived-variant-small-centered = スモール - 中央
fived-variant-small-open = スモール - オープン
fived-variant-very-small = ベリースモール
fived-variant-very-small-open = ベリースモール - オープン
fived-variant-simple-no-queens = シンプル - クイーンなし
fived-variant-simple-knights-vs-bishop = シンプル - ナイト対ビショップ
fived-variant-simple-no-bishops = シンプル - ビショップなし
fived-variant-simple-no-knights = シンプル - ナイトなし
fived-variant-simple-no-rooks = シンプル - ルークなし
fived-variant-simple-simple-set = シンプル - シンプルセット
fived-variant-misc-timeline-invasion = その他 - 時間軸の侵攻
fived-variant-misc-timeline-formations = その他 - 時間軸の陣形
fived-variant-misc-timeline-tactitian = その他 - 時間軸の戦術家
fived-variant-misc-timeline-strategos = その他 - 時間軸の戦略家
fived-variant-misc-timeline-battlegrounds = その他 - 時間軸の戦場
fived-variant-misc-timeline-skirmish = その他 - 時間軸の小競り合い
fived-variant-misc-timeline-fragments = その他 - 時間軸の断片
fived-variant-misc-timeline-marauders = その他 - 時間軸の略奪者
fived-variant-misc-king-of-kings = その他 - キング・オブ・キングス
fived-variant-misc-royal-queen-showdown = その他 - ロイヤルクイーン対決
fived-variant-misc-excessive = その他 - 過剰
fived-variant-misc-global-warming = その他 - 地球温暖化
fived-variant-focused-just-knights = 単一 - ナイトのみ
fived-variant-focused-just-bishops = 単一 - ビショップのみ
fived-variant-focused-just-rooks = 単一 - ルークのみ
fived-variant-focused-just-queens = 単一 - クイーンのみ
fived-variant-focused-just-pawns = 単一 - ポーンのみ
fived-variant-focused-just-kings = 単一 - キングのみ
fived-variant-focused-just-unicorns = 単一 - ユニコーンのみ
fived-variant-focused-just-dragons = 単一 - ドラゴンのみ
fived-variant-focused-just-brawns = 単一 - ブラウンのみ
fived-variant-practice-knight = チェックメイト練習 - ナイト
fived-variant-practice-bishop = チェックメイト練習 - ビショップ
fived-variant-practice-rook = チェックメイト練習 - ルーク
fived-variant-practice-queen = チェックメイト練習 - クイーン
fived-variant-practice-pawns = チェックメイト練習 - ポーン
fived-take-back = 待った
fived-take-back-tip = 自分の最後の手番とAIの応手を取り消します。待ったをした対局はランキングに載りません。
fived-error-no-take-back = 取り消せるものがありません：自分の手番のときに、自分の手番とそれへのAIの応手だけを取り消せます

## 検討：自由な盤面とエンジンの評価

fived-error-not-analysis = 手を戻せるのは検討盤だけです
fived-error-nothing-to-retract = 戻せる手番がありません
fived-analyse = 検討
fived-analyse-tip = この局面を自由な盤で開きます：両方の側を動かせ、エンジンの評価と最善手が表示されます
fived-analyse-off-board-tip = 対局は時計を止めて待ちます。対局中に検討した対局はランキングに載りません
fived-analysis = 検討
fived-analysis-tip = 自由な盤：両方の側をあなたが動かします。対局はそのまま後ろで待っています。
fived-analysis-back-tip = 検討を閉じます。対局は離れたときのまま戻ります
fived-analysis-eval = 評価：{ $score }
fived-analysis-eval-tip = タイムライン1本あたりのポーン単位（ふつうの盤1つでの優勢）、白から見た値：ゼロより大きければ白が優勢
fived-analysis-depth = 深さ { $depth }
fived-analysis-thinking = エンジンが読んでいます…
fived-analysis-mates = { $side ->
    [white] 白の詰み筋
   *[black] 黒の詰み筋
}
fived-analysis-best = 最善：{ $action }
fived-analysis-play-best = 指す
fived-analysis-play-best-tip = エンジンの最善手を盤で指します
fived-analysis-turn-back = ◀ 一手戻る
fived-analysis-turn-back-tip = 最後の手番を戻します（もう一度指せます）
fived-analysis-turn-forward = 一手進む ▶
fived-analysis-turn-forward-tip = 戻した手番をもう一度指します（最初は対局自体の次の手番）
fived-clock-remote = 別のコンピューター
fived-outcome-draw-agreed = 合意による引き分け
