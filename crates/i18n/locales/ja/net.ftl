# ネットワーク対局 (ja)。
net-join-heading = ネットワーク対局に参加
net-join-explain = ホストがゲームと手番を選びます。このネットワークで開かれている対局はここに表示され、クリックで参加できます。
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
net-host-address = 参加先：{ $address }、ポート { $port }
net-host-firewall = 相手のコンピューターから届かない場合は、このコンピューターのファイアウォールで TCP ポート { $port }（一覧に出すには UDP ポート { $discovery } も）を許可してください。
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
net-host-explain = 対局はここで開かれます。相手はこのネットワークから、次に表示されるルームコードで参加します（TCP ポート { $port }）。
net-cannot-host = 対局を開けません：{ $error }
net-one-remote = ネットワーク対局は、ここに一人、別のコンピューターに一人です。
net-join-typed = 一覧にない場合は、ホストのアドレス（変更していなければポートは { $port }）と、ホストの画面のルームコードを入力してください。
net-code = ルームコード
net-need-code = ホストの画面に出ているルームコードを入力するか、一覧から対局を選んでください。
net-host-heading = { $game } のホスト
net-host-waiting = 相手の参加を待っています。
net-host-code = ルームコード：{ $code }
net-host-how = 相手のコンピューターで「ネットワーク対局に参加」を選びます。この対局が一覧に出ます。出ない場合はこのアドレスとルームコードを入力します。
net-host-rules = サーバーと同じ決まりで対局します。離席中も時計は進み、長く離れた相手には勝ちを請求できます。あなたが抜けると対局は両者とも終わり、相手には控えが残ります。
net-named-variant-only = ネットワーク対局は名前のあるバリアントから始めます。ファイルの局面は一台のコンピューターで対局してください。
net-link-lost-heading = 接続が切れました
net-link-lost = 対局への接続が切れました。
net-players = { $white }（白）– { $black }（黒）

## Timefork サーバーでの対局。
title-online = オンライン対局
title-online-tip = Timefork サーバーで人やボットと対局：レーティング戦、友だち用のプライベートルーム、レーティング。
online-heading = オンライン対局
online-explain = Timefork サーバーは、接続できる人なら誰の対局でも受け付けます。アドレス（指定がなければ TCP ポート { $port }）と対局に使う名前を入力してください。最初に使った名前があなたのものになり、このコンピューターがその鍵を保管します。
online-server = サーバー
online-name = 名前
online-connect = 接続
online-connecting = 接続中…
online-connected = { $server } に { $name } として接続中
online-disconnect = 切断
online-your-ratings = あなたのレーティング
online-rating-line = { $game }：{ $rating }{ $provisional ->
    [yes] ?
   *[no] {""}
}（{ $games } 局）
online-provisional-tip = 「?」付きのレーティングは暫定です：確かめるには対局数が足りません。
online-game = ゲーム
online-variant = バリアント
online-clock = 持ち時間
online-untimed = 時間なし
online-rated = レーティング戦
online-rated-tip = レーティング戦は両者のレーティングを動かします（Glicko-2）。
online-colour = 手番
online-any = どちらでも
online-white = 白
online-black = 黒
online-seek = 対戦相手を探す
online-seek-tip = 同じゲーム・持ち時間・種類（レーティング戦かどうか）を望む相手を待ちます。
online-seeking = 対戦相手を探しています…
online-cancel = キャンセル
online-private = プライベートルーム
online-private-tip = コードを知っている友だちだけが入れる部屋。
online-code = ルームコード：{ $code }。友だちに伝えてください。
online-join-code = 友だちの部屋に入る
online-join = 入る
online-live = 対局中のゲーム
online-recent = 終わった対局
online-refresh = 更新
online-none = なし。
online-watch = 観戦
online-watch-tip = 観戦者としてこの対局を見ます：指された手がすぐに見えます。指すことも提案することもできません。
online-watching = 観戦中
online-replay = 再生
online-replay-tip = この対局の記録を開き、一手ずつたどって検討します。
online-game-line = { $game } · { $white } – { $black } · { $clock }
online-look-up = 調べる
online-ratings-of = プレイヤーのレーティング
online-players-ratings-tip = クリックすると両者のレーティングを表示します。
online-lost = サーバーとの接続が切れました：「オンライン対局」に戻って再接続してください。
online-opponent-gone = 相手が退出しました。{ $seconds } 秒以内に戻らなければ、勝利を申し立てられます。
online-opponent-gone-now = 相手はかなり前に退出しました：勝利を申し立てられます。
online-claim = 勝利を申し立てる
online-claim-tip = 相手がいないため、この対局に勝ちます（2手目の前なら対局は中止になります）。
online-restarted = サーバーが再起動しました：対局はそのまま続きます。停止中、時計は止まっていました。
online-rating-change = レーティング { $before } → { $after }
online-token-not-kept = 名前の鍵を設定フォルダーに保存できません（{ $error }）：接続していません。
online-players = { $white }（白、{ $wr }）– { $black }（黒、{ $br }）
online-refused-version = サーバーは別のリリースの Timefork です。
online-refused-bad-name = 「{ $name }」はこのサーバーで使えない名前です：2〜20文字の文字、数字、_ または -。
online-refused-name-taken = { $name } という名前はこのサーバーで他の人が使っています。別の名前を選んでください。
online-refused-bad-token = サーバーはこのコンピューターの鍵で { $name } を認識できません。
online-refused-in-use = { $name } は今、別のコンピューターから対局しています。
online-refused-too-many = 接続または要求が多すぎます。少し待ってからもう一度試してください。
online-refused-protocol = サーバーはこのプログラムを理解できませんでした。
online-cert-unknown = このサーバーの証明書は、このコンピューターが知っている認証局の署名がありません（コミュニティのサーバーはよく自前で作ります）。SHA-256 フィンガープリントをサーバー管理者が公開しているものと比べ、同じときだけ信頼してください。
online-cert-changed = 警告：このサーバーの証明書は、以前に信頼したものと違います。あなたとサーバーの間に誰かがいるか、管理者が証明書を取り替えた可能性があります。新しい証明書を信頼する前に管理者に確認してください。
online-cert-trust = この証明書を信頼して接続
online-cert-trust-tip = このコンピューターはこのサーバーのフィンガープリントを覚え、変わらない限り次からは確認せずに接続します。
