# タイトル画面 (ja)。
title-subtitle = マルチバース・チェス
title-fived-blurb = 多元宇宙タイムトラベル付きのチェス。駒は過去へ、別の時間軸へと移動し、過去へ飛ぶたびに新しい時間軸が生まれる。
title-new-game = 新しい対局
title-fived-new-tip = 市販版のすべての変則ルールで、AI または友人と対局
title-puzzles = パズル
title-puzzles-tip = チェックメイトを見つけよう: 48 局面、1～3 手番でメイト
title-wager-blurb = 多くの時間軸で同時に指すチェス。対局を分岐させて新しい時間軸に点を賭け、出会った時間軸を合流させ、50 点を超えて確保すれば勝ち。
title-new-match = 新しいマッチ
title-wager-new-tip = AI または友人と、持ち時間ありでもなしでも
title-kingdrops-blurb = 自分の軍を自由に配置し、1手番に3手ずつ指す。捕虜をキングの隣に打ち戻し、ランナーを最終ランクへ走らせよう。
title-kingdrops-new-tip = AI または友人と。まず両者が駒を配置する
title-load-game = 読み込む
title-leaderboard = ランキング
title-settings = 設定
title-quit = 終了
title-learn = 遊び方を学ぶ
title-learn-tip = 盤面で学ぶ9つの短いレッスン：時間移動、時間軸、現在線、チェックとチェックメイト
