# wager texts (ja).

## The bar on top

wager-clock-untimed =
    { $side ->
        [white] 白
       *[black] 黒
    } 時間無制限
wager-clock-stopped =
    { $side ->
        [white] 白
       *[black] 黒
    } { $time }
wager-clock-running =
    { $side ->
        [white] 白
       *[black] 黒
    } { $time } ({ $rate }x)
wager-previous-tip = 前の時間軸 (Left, Shift+Tab)
wager-next-tip = 次の時間軸 (Right, Tab)
wager-timeline-heading = 時間軸 L{ $n }
wager-open-count = 進行中 { $open }/{ $total }
wager-bank-here = この時間軸のバンク: 白 { $white } · 黒 { $black }
wager-bank-tip = この時間軸に賭けられた点。チェックメイトでバンク全体が勝者のものになり、引き分けなら分け合います。
wager-secured = 確保: 白 { $white } · 黒 { $black }
wager-secured-tip = 先に 50 点を超えて確保した方がマッチに勝ちます。
wager-clock-tip = 時計は、その対局者が手番の時間軸がある間、それらの時間軸が進行中の全点に占める割合の速さで進みます。着手すると、その時間軸の割合に応じた加算時間が加わります。
wager-to-move-here =
    ここは{ $side ->
        [white] 白
       *[black] 黒
    }の手番
wager-to-move-here-ai =
    ここは{ $side ->
        [white] 白
       *[black] 黒
    }の手番 (AI)
wager-to-move-here-remote =
    ここは{ $side ->
        [white] 白
       *[black] 黒
    }の手番 (別のコンピューター)
wager-closed-checkmate =
    終了: チェックメイト、{ $winner ->
        [white] 白
       *[black] 黒
    }がバンクを確保
wager-closed-draw = 終了: 引き分け ({ $reason })
wager-closed-merged = 終了: L{ $into } に合流
wager-ai-thinking =
    AI ({ $side ->
        [white] 白
       *[black] 黒
    }) が思考中
wager-split-toggle = 分岐 (S)
wager-split-tip = 分岐して指す: この手は新しい時間軸で指され、その時間軸が賭け点を持っていきます (この時間軸のバンクの各自の持ち分から半分ずつ)。ここは引き続きあなたの手番です。
wager-stake = 賭け点
wager-resign =
    投了 ({ $side ->
        [white] 白
       *[black] 黒
    })
wager-save = 保存
wager-save-tip = マッチの記録を保存
wager-saved = { $path } に保存しました
wager-save-failed = 保存できませんでした: { $error }
wager-menu = メニュー
wager-help = 駒をクリックし、次に行き先をクリック。Left/Right または Tab: 他の時間軸。S: 分岐。ホイールで拡大縮小、右ドラッグで移動。

## Merge offers

wager-offers-title = 合流の提案
wager-offer = L{ $a } と L{ $b } が同じ局面になりました。合流しますか? バンクは合算され、L{ $survivor } で対局が続きます。この局面で断ると取り消せません。
wager-answer-yes =
    { $side ->
        [white] 白
       *[black] 黒
    }: はい
wager-answer-no =
    { $side ->
        [white] 白
       *[black] 黒
    }: いいえ
wager-answer-pending =
    { $side ->
        [white] 白
       *[black] 黒
    }:
wager-accept = 承諾
wager-refuse = 拒否
wager-ai-deciding =
    { $side ->
        [white] 白
       *[black] 黒
    }: AI が検討中
wager-remote-deciding =
    { $side ->
        [white] 白
       *[black] 黒
    }: 相手が検討中

## Promotion

wager-promote-title = 昇格先
wager-piece-queen = クイーン
wager-piece-rook = ルーク
wager-piece-bishop = ビショップ
wager-piece-knight = ナイト
wager-piece-pawn = ポーン
wager-piece-king = キング
wager-cancel = キャンセル

## The map of timelines and the moves

wager-timelines-title = 時間軸
wager-map-to-move =
    { $side ->
        [white] 白
       *[black] 黒
    }の手番
wager-map-mate = { $result } チェックメイト
wager-map-draw = ½-½ { $reason }
wager-map-merged = L{ $into } に合流
wager-map-node-tip = 時間軸 L{ $n }: バンク 白 { $white } · 黒 { $black }、{ $plies } 手
wager-map-node-tip-split = 時間軸 L{ $n }: バンク 白 { $white } · 黒 { $black }、{ $plies } 手、L{ $parent } の { $ply } 手目から分岐
wager-moves-on = L{ $n } の手
wager-move-before-split = この時間軸が分岐する前に指された手
wager-move-on-timeline = この時間軸で指された手
wager-no-moves = まだ手はありません

## Draws

wager-draw-stalemate = ステイルメイト
wager-draw-threefold = 三回同形
wager-draw-fifty-moves = 50 手ルール
wager-draw-insufficient-material = 戦力不足

## The result

wager-over-title = マッチ終了
wager-white-wins = 白がマッチに勝利
wager-black-wins = 黒がマッチに勝利
wager-match-drawn = マッチは引き分け
wager-end-points = 50 点を超えて確保
wager-end-all-closed = 全時間軸が終了し、誰も 50 点を超えず
wager-end-resignation = 投了
wager-end-flag-fall = 時間切れ
wager-end-both-flags = 両者同時に時間切れ
wager-result = { $headline }: { $reason }
wager-result-summary = 確保: 白 { $white } · 黒 { $black }、分岐 { $splits } 回、合流 { $merges } 回
wager-keep-browsing = 閲覧を続ける
wager-new-match = 新しいマッチ
wager-title = タイトルへ

## The new-match screen

wager-new-heading = Timeline Wager の新しいマッチ
wager-new-about = 多くの時間軸で同時に指す普通のチェス。どちらの対局者も時間軸を分岐させ、新しい時間軸に点を賭けられます。チェックメイトでその時間軸のバンクを確保し、引き分けなら分け合い、先に 50 点を超えて確保した方が勝ちです。
wager-start = 開始
wager-clock-error-zero = 持ち時間は 0 より大きくしてください
wager-clock-error-too-long = 持ち時間は最大 { $minutes } 分、加算は最大 { $seconds } 秒です
wager-clock-error-fraction = 持ち時間 { $ms } ms は 1/1000 分の整数倍ではありません

## Refused requests (the rules' reasons)

wager-seconds = { $s } 秒
wager-error-match-over = マッチは終了しています ({ $result })
wager-error-time-went-back = 時刻 { $now } は前の出来事 ({ $last }) より前です
wager-error-flag-fallen =
    { $side ->
        [white] 白
       *[black] 黒
    }の時計は { $at } に切れました
wager-error-flag-not-fallen =
    { $side ->
        [white] 白
       *[black] 黒
    }の時計が切れるのは { $runs_out } で、{ $at } ではありません
wager-error-clock-not-running =
    { $at } に{ $side ->
        [white] 白
       *[black] 黒
    }の時計は動いていません
wager-error-untimed = このマッチは時間無制限です: 時間切れは起こりません
wager-error-no-timeline = 時間軸 L{ $n } はありません
wager-error-timeline-closed = 時間軸 L{ $n } は終了しています
wager-error-not-your-turn =
    L{ $timeline } は{ $side ->
        [white] 白
       *[black] 黒
    }の手番ではありません
wager-error-illegal-move = { $mv } は L{ $timeline } では指せない手です ({ $fen })
wager-error-odd-stake = 賭け点 { $stake } は奇数です (賭け点は偶数)
wager-error-stake-too-small = 賭け点 { $stake } は最小値 2 未満です
wager-error-stake-too-large = 賭け点 { $stake } は大きすぎます: バンクの各持ち分に最低 1 点は残ります (最大 { $max })
wager-error-timeline-limit = 50 本の時間軸が進行中です: これ以上分岐できません
wager-error-no-offer = L{ $a } と L{ $b } の合流の提案はありません
wager-error-already-answered =
    { $side ->
        [white] 白
       *[black] 黒
    }は L{ $a } と L{ $b } の合流の提案にすでに答えています

## AI戦での待った（時間軸ごと）

wager-take-back = 待った
wager-take-back-tip = この時間軸でのあなたの最後の手とAIの応手を戻します。他の時間軸はそのままです。待ったをした対局はランキングに載りません。
wager-error-no-take-back = 待ったはAIと対局する人が自分の手番のときだけ使えます
wager-error-no-take-back-over = 対局は終了しています
wager-error-no-take-back-closed = L{ $timeline } は閉じています
wager-error-no-take-back-turn = { $side ->
    [white] L{ $timeline } は白の手番ではありません
   *[black] L{ $timeline } は黒の手番ではありません
}
wager-error-no-take-back-pair = L{ $timeline } には、AIが応じたあなたの手がありません（分岐は戻せません）
wager-error-no-take-back-depended = イベント { $event } が L{ $timeline } の最後の手に依存しています（そこからの分岐か合流の回答）
wager-error-no-take-back-replay = その手を除くとイベント { $event } が成り立ちません：{ $reason }

## 表示中の時間軸の履歴

wager-browsing-start = 表示中：この時間軸の開始局面
wager-browsing-after = { $white ->
    [yes] 表示中：{ $n }. の後（白の手）
   *[no] 表示中：{ $n }. の後（黒の手）
}
wager-browse-previous = 前へ (Up)
wager-browse-next = 次へ (Down)
wager-back-to-game = 対局に戻る
wager-back-to-game-tip = End または Esc。その間も対局は続きます
