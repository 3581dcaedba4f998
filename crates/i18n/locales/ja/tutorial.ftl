# チュートリアル (ja)。
# 表記はそのまま：L0、L+1、T3w（時間軸、手番、どちらの番か）、c3、5DPGN の手。

## 1. 盤面上の移動。
tutorial-board-title = 盤面上の移動
tutorial-board-task = ナイトを b1 から c3 へ動かしてください。
tutorial-board-explain = どの盤面も普通のチェス盤で、駒はその上をチェスと同じように動きます。この盤面は時間軸 L0 の手番1、白の番です：L0 T1w。盤面上で指すと、その時間軸に次の盤面（指した後の同じ盤面）が加わります。
tutorial-board-done = お見事：ナイトが c3 に移り、L0 に黒の番の新しい盤面 L0 T1b ができました。

## 2. 時間を越える移動。
tutorial-time-title = 時間を越える移動
tutorial-time-task = c1 のルークを1手番前の過去へ、手番1の盤面の c1 へ動かしてください。
tutorial-time-explain = 時間も軸の1つです。その軸に沿った1歩は、同じ時間軸の1手番前か後の、同じ側の番の盤面へ進みます。ルークは1つの軸に沿って動くので、マスはそのままで手番だけが変わります。過去の盤面は変わらないため、そこに着いた駒はその盤面から分かれる新しい時間軸を始めます。
tutorial-time-done = 手番1から新しい時間軸 L+1 が分かれました。そこにはルークが2つあります：その時そこにいたものと、戻ってきたものです。

## 3. 時間軸の間の移動。
tutorial-timelines-title = 時間軸の間の移動
tutorial-timelines-task = ルークを L0 の c1 から L+1 の c1 へ、新しい時間軸を作らずに動かしてください。
tutorial-timelines-explain = 時間軸は4つ目の軸です。その軸に沿った1歩は隣の時間軸へ進みます。この手番でまだ指す盤面に着いた駒は、そのままその時間軸に加わります。新しい時間軸ができるのは、過去の盤面など、もう指せない盤面に着いたときだけです。
tutorial-timelines-done = ルークは L+1 へ移り、時間軸の数は変わりません。この1手で両方の盤面を指したことになります：ルークは L0 から消え、L+1 に加わりました。

## 4. 現在線。
tutorial-present-title = 現在線
tutorial-present-task = 2つの時間軸が手番1であなたを待っています。それぞれの盤面で1手ずつ指してから、「手を確定」で手番を終えてください。
tutorial-present-explain = 現在線は、アクティブな時間軸の最後の盤面の中で最も早い手番です。確定の前に、現在線のすべての盤面で指す必要があり、どれかを残した手番は確定できません。ここでは両方の盤面が手番1なので、両方とも現在線にあります。
tutorial-present-done = 確定しました：両方の盤面が進み、次は黒が両方で指す番です。

## 5. アクティブな時間軸と非アクティブな時間軸。
tutorial-inactive-title = アクティブな時間軸と非アクティブな時間軸
tutorial-inactive-task = L0 と L+1 で指してから確定してください。L+2 の盤面はそのままにしておきます。
tutorial-inactive-explain = 新しい時間軸がアクティブになるのは、相手も時間軸を作ったときです：自分の2つ目は相手が1つ作るとアクティブに、3つ目は相手が2つ作るとアクティブになり、その先も同じです。白は2つ作り黒は1つも作っていないので、L+2 は非アクティブな時間軸です。非アクティブな時間軸は現在線を過去へ引き戻しません：現在線が手番3でも、L+2 は手番2で待てます。
tutorial-inactive-done = L+2 で指さずに確定しました。もしアクティブなら現在線は手番2になり、指すべきなのはその盤面でした。

## 6. 別の時間軸からのチェック。
tutorial-check-title = 別の時間軸からのチェック
tutorial-check-task = L0 c1 のキングがチェックされています。チェックを逃れ、両方の盤面で指してください。
tutorial-check-explain = 駒はすべての軸に沿って攻撃します。L+1 c1 の黒のルークは隣の時間軸の同じマスにいて、ルークは時間軸の方向にも動けるので、L0 c1 のキングを攻撃しています。自分のキングがどこかの盤面から取られうる間は、手を確定できません。
tutorial-check-done = チェックを逃れました：L+1 のルークはもうキングに届きません。

## 7. 時間を越えて取る。
tutorial-capture-title = 時間を越えて取る
tutorial-capture-task = 2手番前、黒のナイトは c3 にいました。そこでルークで取ってください。
tutorial-capture-explain = 駒は過去の盤面でも取れます。その後そこを離れた駒でもです。c3 のルークは時間の軸に沿ってまっすぐ過去へ戻り、その時は空いていた手番2の c3 を通って手番1の c3 へ着きます。過去で取ると新しい時間軸ができ、そこにはナイトがいません。
tutorial-capture-done = 取りました！新しい時間軸 L+1 にナイトはおらず、現在線は手番1に戻りました：黒はまずそこで応じなければなりません。

## 8. 時間軸をまたぐチェックメイト。
tutorial-mate-title = 時間軸をまたぐチェックメイト
tutorial-mate-task = 1手番でチェックメイトしてください。L0 e5 の黒のキングは、両方の時間軸で自分の駒に囲まれています。
tutorial-mate-explain = ナイトはある軸に2歩、別の軸に1歩飛び、時間軸もその軸の1つです。L+1 の c5 にいるナイトは L0 の e5 を攻撃します：ファイルで2つ横、時間軸で1つ戻った位置です。キングは隣の時間軸にも移れるので、そちらのマスも数えましょう。
tutorial-mate-done = チェックメイト！L+1 のナイトが L0 のキングを攻撃し、取ることもさえぎることもできず、キングに逃げ場はありません。

## 9. 時間軸に沿って進むポーン。
tutorial-pawn-title = 時間軸に沿って進むポーン
tutorial-pawn-task = L0 の c2 のポーンを、L-1 の c2 へ前進させてください。
tutorial-pawn-explain = ポーンは盤面の上方向か、時間軸の方向に前進します。白は負の時間軸の方へ、黒は正の時間軸の方へ進みます。時間軸に沿って進むときはマスはそのままで、そのマスは空いていなければなりません。
tutorial-pawn-done = ポーンが L-1 へ移りました。時間軸の間の移動はどれも、両方の盤面を一度に指します。

## 正解にならない理由。
tutorial-wrong-no-moves = まず1手指してください。
tutorial-wrong-illegal = { $n }番目の手はそこでは指せません。
tutorial-wrong-present-not-done = 現在線はまだ { $board } で待っています：確定の前にそこでも指してください。
tutorial-wrong-king-in-check = { $king } のキングはまだ { $from } から攻撃されます。
tutorial-wrong-wrong-piece = { $got } ではなく { $expected } の駒を動かしてください。
tutorial-wrong-wrong-square = その駒は { $got } へ行きました。目標は { $expected } です。
tutorial-wrong-no-new-timeline = 新しい時間軸ができていません：過去の盤面など、もう指せない盤面へ駒を動かしてください。
tutorial-wrong-new-timeline-made = 新しい時間軸 { $timeline } ができました。この手番でまだ指す盤面に着いてください。
tutorial-wrong-no-timeline-crossed = どの駒も時間軸の間を移動していません。
tutorial-wrong-moved-inactive = { $board } は非アクティブな時間軸にあり、指す必要はありませんでした。そのままにして確定してください。
tutorial-wrong-no-capture = { $target } の駒は取られていません。
tutorial-wrong-not-mate = { $check ->
    [yes] チェックですがメイトではありません：相手は { $reply } で逃れます。
   *[no] チェックでもありません：相手は { $reply } を指します。
}
tutorial-wrong-stalemate = ステイルメイト：相手に合法な手番はありませんが、チェックもかかっていません。勝ちではなく引き分けです。
tutorial-wrong-undecided = この手番の判定に時間がかかりすぎました。もう一度やり直してください。

## レッスンのパネル。
# $n: レッスンの番号（1から）；$total: レッスンの数。
tutorial-lesson-of = レッスン { $n } / { $total }
tutorial-focus-help = 課題に出てくる盤面とマスは青い枠で示されています。
tutorial-submit-help = 盤面で駒を動かしてから、上の「手を確定」を押してください。
tutorial-right = 正解！
tutorial-not-yet = もう少し
tutorial-retry-help = 盤面はレッスンの最初に戻りました。もう一度どうぞ。
tutorial-all-done = これが最後のレッスンでした。次はパズルに挑戦してみましょう。
tutorial-hint = ヒント
tutorial-hint-tip = 想定した手番の最初の一手を盤面に表示します
# $move: 5DPGN の手、例 (0T1)Nc3。
tutorial-hint-move = ヒント：{ $move } を指しましょう（金色の矢印）。
tutorial-reset = やり直す
tutorial-reset-tip = 盤面をレッスンの最初に戻します
tutorial-previous = 前へ
tutorial-next = 次のレッスン
tutorial-back = メニューへ
# $done: 終えたレッスンの数；$total: レッスンの数。
tutorial-lessons = レッスン：{ $total } 中 { $done } 完了
tutorial-row-done = 完了
tutorial-row-not-done = まだ
