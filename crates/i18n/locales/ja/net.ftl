# ネットワーク対局 (ja)。
net-join-heading = ネットワーク対局に参加
net-join-explain = ホストがゲームと手番を選び、アドレスを教えてくれます。ここに入力してください（変更していなければポートは { $port }）。
net-address = ホストのアドレス
net-join = 参加
net-connecting = 接続中…
net-found-heading = このネットワーク
net-found-none = このネットワークで開かれている対局を探しています…
# $game: the game's name; $side: the side you would play; $name: the host's player name.
net-found-host = { $game }：あなたは{ $side ->
    [white] 白
   *[black] 黒
}、相手は{ $name }（{ $address }）
# Shown under a found host whose game is under way and waits for the player who left it.
net-found-returning = 対局中です：抜けたプレイヤーの復帰を待っています。
net-bad-address = このアドレスは使えません：{ $error }
net-refused-version = ホストは別のリリースの Timefork を使っています。両方のコンピューターで同じリリースが必要です。
net-refused-seat-taken = このホストとはすでに別の人が対局しています。
net-refused-unknown-seat = ホストはこの席を知りません（もう別の対局です）。
net-host-refused-version = 別のリリースの Timefork のプレイヤーが参加しようとしました：{ $error }
net-waiting = 相手を待っています
net-waiting-first = 相手が参加すると対局が始まります。時計は止まっています。
net-waiting-lost = 接続が切れました。戻るまで対局と時計は止まっています。
net-host-address = 参加先：{ $address }、ポート { $port }
net-host-firewall = 相手のコンピューターから届かない場合は、このコンピューターのファイアウォールで UDP ポート { $port } を許可してください。
net-leave = 対局をやめる
net-you-host = ネットワーク対局：あなたがホストで{ $side ->
    [white] 白
   *[black] 黒
}を指します
net-you-join = ネットワーク対局：あなたは{ $side ->
    [white] 白
   *[black] 黒
}を指します
net-draw-offer = 引き分けを提案
net-draw-offer-tip = 提案は相手が答えるか指すまで有効です。
net-draw-offered = 引き分けを提案しました。
net-draw-offer-to-you = 相手が引き分けを提案しています。
net-draw-accept = 受ける
net-draw-decline = 断る
net-not-your-turn = 相手の手番です。
net-one-move = `{ $text }` は一手ではありません。
net-not-in-network-game = ネットワーク対局ではできません。
net-host-left-saved = ホストが退出しました。対局は { $path } に保存されています。
net-host-left-not-saved = ホストが退出しましたが、対局を保存できませんでした：{ $error }
net-host-explain = 「開始」でここに対局を開きます。相手はこのコンピューターのアドレス（UDP ポート { $port }）で参加します。
net-cannot-host = 対局を開けません：{ $error }
net-one-remote = ネットワーク対局は、ここに一人、別のコンピューターに一人です。
