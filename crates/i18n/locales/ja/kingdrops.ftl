# キングドロップスの文言 (ja)。
# 用語: 打つ (drop)、捕虜 (prisoner / prison)、交換 (exchange)、配置 (setup)、
# ランナー (runner)、持ち駒 (reserve)、手番 (turn)、手 (move)、段 (rank)。

## 駒

kd-kind-king = キング
kd-kind-queen = クイーン
kd-kind-rook = ルーク
kd-kind-bishop = ビショップ
kd-kind-guard = 衛兵
kd-kind-spearman = 槍兵
kd-kind-archer = 弓兵
kd-kinds-king = キング
kd-kinds-queen = クイーン
kd-kinds-rook = ルーク
kd-kinds-bishop = ビショップ
kd-kinds-guard = 衛兵
kd-kinds-spearman = 槍兵
kd-kinds-archer = 弓兵
kd-piece = { $side ->
        [white] 白
       *[other] 黒
    }の{ $kind ->
        [king] キング
        [queen] クイーン
        [rook] ルーク
        [bishop] ビショップ
        [guard] 衛兵
        [spearman] 槍兵
       *[archer] 弓兵
    }
kd-piece-title = { $side ->
        [white] 白
       *[other] 黒
    }の{ $kind ->
        [king] キング
        [queen] クイーン
        [rook] ルーク
        [bishop] ビショップ
        [guard] 衛兵
        [spearman] 槍兵
       *[archer] 弓兵
    }
kd-rule-king = 全方向に1マス。チェックはない：攻撃されているマスにも進めるが、取られると負け。攻撃されている間は手番の最初の手でしか動けない。最終段に着けば勝ち。
kd-rule-queen = 全方向に1～2マス。飛び越えはできない。
kd-rule-rook = 縦横に1～3マス。飛び越えはできない。
kd-rule-bishop = 斜めに1～3マス。飛び越えはできない。
kd-rule-guard = 全方向に1マス。
kd-rule-spearman = まっすぐ前に1マス。取るときも同じ。最終段に着けば勝ち。取られるとゲームから除かれる。
kd-rule-archer = 斜め前に1マス。取るときも同じ。最終段に着けば勝ち。取られるとゲームから除かれる。
kd-in-reserve = { $side ->
        [white] 白
       *[other] 黒
    }の持ち駒：1手で{ $side ->
        [white] 白
       *[other] 黒
    }のキングの隣の空きマスに打てる（打てるのは1手番に1回）。
kd-in-prison = { $side ->
        [white] 白
       *[other] 黒
    }の捕虜。両方の捕虜に{ $name }がいると、手番の終わりに交換され、それぞれ持ち主の持ち駒に戻る。
kd-in-tray = 自陣の2段のどちらかへドラッグする。
kd-taken-to-prison = 取られると取った側の捕虜になり、交換で戻ることがある。

## 盤の横のラベル

kd-reserve-label = { $side ->
        [white] 白
       *[other] 黒
    }の持ち駒
kd-prison-label = { $side ->
        [white] 白
       *[other] 黒
    }の捕虜
kd-tray-label = { $side ->
        [white] 白
       *[other] 黒
    }：配置待ち

## 新しい対局

kd-new-heading = Kingdrops の新しい対局
kd-new-about = 両者はそれぞれ16個の駒を自陣の2段に配置する（白が先）。1手番は最大3手で、各駒は1回まで、できるだけ多く指す。そのうち1手で持ち駒をキングの隣に打てる。取られたクイーン、ルーク、ビショップ、衛兵は捕虜となり、交換で戻る。相手のキングを取るか、自分のキング、槍兵、弓兵を最終段まで進めれば勝ち。
kd-set-up-pieces = 駒を配置する
kd-set-up-pieces-tip = 白が先に配置し、次に黒。AIは自分の側を自分で配置する

## 配置

kd-setup-heading = { $side ->
        [white] 白
       *[other] 黒
    }の配置
kd-player-in-brackets = （{ $player }）
kd-player-person = 人間
kd-player-ai = AI・{ $level }
kd-placed-count = { $n }/16 配置済み
kd-remote-setting-up = 相手が{ $side ->
        [white] 白
       *[other] 黒
    }の駒を配置しています…
kd-ai-setting-up = AIが{ $side ->
        [white] 白
       *[other] 黒
    }を配置中…
kd-setup-help = トレイから{ $low }段目と{ $high }段目へ駒をドラッグする（または駒をクリックしてからマスをクリック）。配置した駒を別のマスへドラッグすると入れ替え、盤の外へドラッグするとトレイに戻る。{ $white_ready ->
        [yes] 白は配置済み：駒は1段目と2段目にある。
       *[other] {""}
    }
kd-random = ランダム
kd-random-tip = ランダムな配置
kd-mirror = { $side ->
        [white] 白
       *[other] 黒
    }の鏡像
kd-mirror-tip = { $side ->
        [white] 白
       *[other] 黒
    }の配置を中央で反転：各駒が対になる駒と向かい合う
kd-mirror-not-yet = { $side ->
        [white] 白
       *[other] 黒
    }はあなたの後に配置する：まだ反転するものがない
kd-standard = 標準
kd-standard-tip = ルールの例：ランナーが前、キングが後ろ
kd-clear = クリア
kd-ready = 完了
kd-ready-tip = まず16個の駒をすべて配置してください
kd-menu = メニュー

## 配置のエラー

kd-not-home = { $square }は{ $side ->
        [white] 白
       *[other] 黒
    }の{ $low }段目・{ $high }段目ではない：駒はそこに配置する
kd-setup-done = 両者とも配置済み
kd-all-placed = { $side ->
        [white] 白
       *[other] 黒
    }の{ $pieces }はすべて配置済み（{ $n }個）
kd-no-piece-to-move = { $square }に動かす駒がない
kd-no-piece-to-lift = { $square }に戻す駒がない
kd-nothing-to-mirror = { $side ->
        [white] 白
       *[other] 黒
    }はまだ配置していない：反転するものがない
kd-wrong-layout = それは{ $layout ->
        [white] 白
       *[other] 黒
    }の配置で、いま配置しているのは{ $side ->
        [white] 白
       *[other] 黒
    }
kd-not-ready = 未完了：{ $error }（16個中{ $n }個を配置）
kd-setup-off-home = { $square }の{ $side ->
        [white] 白
       *[other] 黒
    }の{ $name }が自陣の2段（{ $low }段目と{ $high }段目）の外にある
kd-setup-square-twice = { $square }に駒が2つある
kd-setup-missing = { $side ->
        [white] 白
       *[other] 黒
    }の{ $missing ->
        [one] { $name }
       *[other] { $plural }
    }が{ $missing }個足りない：{ $total }個中{ $placed }個を配置
kd-setup-too-many = { $side ->
        [white] 白
       *[other] 黒
    }は{ $plural }を{ $placed }個置いたが、1陣営は{ $total }個まで
kd-setup-wrong-color = { $square }にあるのは{ $piece }で、この側の駒ではない
kd-setup-colors = 開始局面には白と黒の両方の配置が必要
kd-setup-not-a-start = 配置直後の局面ではない：{ $reason }

## 対局

kd-turn-heading = 第{ $n }手番 · { $side ->
        [white] 白
       *[other] 黒
    }の番
kd-ai-thinking = AIが思考中…
kd-ai-plays = AIの手：{ $moves }
kd-remote-plays = 相手の手番…
kd-remote-played = 相手の手：{ $moves }
kd-status-over = 対局終了
kd-status-pass = 指せる手がない：この手番はパス
kd-status-complete = 手番完了（{ $made }/{ $total }）：終了してください
kd-status-move = { $total }手中{ $n }手目
kd-status-more = あと{ $left }手：手番では指せるだけ（最大3手）指してから「手番終了」を押します。
kd-undo = 取り消し
kd-undo-tip = この手番の最後の手を取り消す（Ctrl+Z）
kd-pass = パス
kd-end-turn = 手番終了
kd-end-turn-tip = Enter
kd-end-turn-not-yet = 1手番はできるだけ多くの手（最大3手）を指す。ただし勝つ手を指せばそこで終わる
kd-resign = 投了
kd-save = 保存
kd-save-tip = { $dir } に対局を保存
kd-saved-to = { $path } に保存しました
kd-save-failed = 保存できませんでした：{ $error }
kd-new-game = 新しい対局
kd-title = タイトルへ
kd-exchange = { $side ->
        [white] 白
       *[other] 黒
    }の手番後に交換：{ $pieces }が持ち駒に戻った
kd-exchange-each = { $kind ->
        [queen] クイーン
        [rook] ルーク
        [bishop] ビショップ
       *[guard] 衛兵
    }{ $n }個ずつ
kd-and = { $first }、{ $second }
kd-play-help = 駒をクリックしてから行き先をクリック。持ち駒はキングの隣に打つ。右ドラッグで移動、ホイールでズーム、F で盤面を表示。

## 棋譜

kd-moves = 棋譜
kd-no-turns = まだ手番がない
kd-now = 現在
kd-copy-record = 棋譜をコピー
kd-copy-record-tip = 対局の棋譜をコピー（配置、続いて1行に1手番）
kd-result = { $score }（{ $side ->
        [white] 白
       *[other] 黒
    }の勝ち：{ $reason }）
kd-reason-king-captured = キングを取った
kd-reason-last-rank = ランナーが最終段に到達
kd-reason-repetition = 3回目の同一局面

## 終局

kd-wins = { $side ->
        [white] 白
       *[other] 黒
    }の勝ち
kd-king-captured = { $loser ->
        [white] 白
       *[other] 黒
    }のキングが取られた
kd-runner-reached = { $side ->
        [white] 白
       *[other] 黒
    }のランナーが{ $rank }段目に到達
kd-piece-reached = { $side ->
        [white] 白
       *[other] 黒
    }の{ $name }が{ $rank }段目に到達
kd-repetition = { $loser ->
        [white] 白
       *[other] 黒
    }の手番で同じ局面が3回目となり、負け
kd-draw = 引き分け
kd-draw-agreed = 両者が引き分けに合意しました
kd-resigned = { $side ->
        [white] 白
       *[other] 黒
    }が投了
kd-time-out = { $side ->
        [white] 白
       *[other] 黒
    }の時間切れ
kd-abandoned = { $side ->
        [white] 白
       *[other] 黒
    }が対局を離れ、戻りませんでした
kd-aborted = 二手番目の前に中止
kd-no-result = 結果なし
kd-after-turns = { $n }手番で終局

## 指せない手

kd-cannot-play-over = { $mv }は指せない：対局は終了（{ $result }）
kd-not-legal = { $mv }は指せない：{ $reason }
kd-game-over = 対局は終了：{ $result }
kd-nothing-to-undo = この手番に取り消せる手がない（終わった手番はそのまま）
kd-cannot-resign = 投了できるのは人間だけだが、ここには人間がいない
kd-at-most-three = 1手番は最大3手
kd-cannot-end-none = まだ手番を終えられない：1手も指しておらず、{ $n }手指す必要がある（{ $n }手可能）
kd-cannot-end-short = まだ手番を終えられない：{ $total }手中{ $made }手しか指していない（勝つ手でない限り、1手番はできるだけ多くの手を指す）
kd-illegal-after-win = この手番の前の手で勝負がついた。これ以上は指せない
kd-illegal-no-piece = { $square }に駒がない
kd-illegal-not-yours = { $square }にあるのは{ $piece }で、手番側の駒ではない
kd-illegal-already-moved = { $square }の駒はこの手番ですでに動いたか打たれた（各駒は1手番に1回まで）
kd-illegal-king-attacked = { $square }のキングは攻撃されているので、手番の最初の手でしか動けない
kd-illegal-own-piece = { $square }には自分の{ $name }がある
kd-illegal-unreachable = { $from }の{ $name }は{ $to }へ動けない
kd-illegal-second-drop = 打てるのは1手番に1回まで
kd-illegal-not-in-reserve = { $side ->
        [white] 白
       *[other] 黒
    }の持ち駒に{ $name }がない
kd-illegal-no-king = 隣に打つためのキングがいない
kd-illegal-not-next-to-king = { $to }はキング（{ $king }）の隣ではない：駒はキングの隣に打つ
kd-illegal-occupied = { $square }は空いていない（{ $piece }がある）
kd-illegal-dead-end = この手の後では、可能な最大手数にも勝ちにも届かない
kd-turn-too-many = { $n }手あるが、1手番は最大3手
kd-turn-illegal-move = { $n }手目（{ $mv }）：{ $reason }
kd-turn-pass-illegal = パスできるのは指せる手がないときだけで、ここでは{ $required }手指せる
kd-turn-too-short = { $made }手で勝たずに止まっているが、1手番はできるだけ多くの手を指す必要がある（ここでは{ $required }手）

## 記録を開く

kd-record-line = { $line }行目：{ $message }
kd-take-back = 待った
kd-take-back-tip = 自分の最後の手番とAIの応手を取り消します。待ったをした対局はランキングに載りません。
kd-no-take-back = 取り消せるものがありません：自分の手番のときに、自分の手番とそれへのAIの応手だけを取り消せます

## 履歴の表示

kd-browse-tip = この手番の後の盤を表示します（もう一度クリックで対局に戻ります）
kd-browsing-start = 表示中：開始局面
kd-browsing-after = { $side ->
    [white] 表示中：{ $n } 手番目の後（白が指した）
   *[other] 表示中：{ $n } 手番目の後（黒が指した）
}
kd-browse-previous = 前へ (Left)
kd-browse-next = 次へ (Right)
kd-back-to-game = 対局に戻る
kd-back-to-game-tip = End または Esc
kd-player-remote = 別のコンピューターの人
