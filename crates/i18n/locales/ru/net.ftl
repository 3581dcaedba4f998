# Игра по сети (ru).
net-join-heading = Подключиться к сетевой партии
net-join-explain = Хозяин партии выбирает игру и стороны. Партии, открытые в этой сети, перечислены здесь: подключение одним щелчком.
net-address = Адрес хозяина
net-join = Подключиться
net-connecting = Подключение…
net-found-heading = В этой сети
net-found-none = Ищем партии в этой сети…
# $game: the game's name; $side: the side you would play; $name: the host's player name.
net-found-host = { $game }: вы играете { $side ->
    [white] белыми
   *[black] чёрными
} против { $name }, адрес { $address }
# Shown under a found host whose game is under way and waits for the player who left it.
net-found-returning = Партия уже идёт: она ждёт возвращения своего игрока.
net-bad-address = Этот адрес не подходит: { $error }
net-host-address = Подключаться к { $address }, порт { $port }
net-host-firewall = Если другой компьютер не может достучаться до этого, разрешите TCP-порт { $port } (и UDP-порт { $discovery }, чтобы партию было видно) в брандмауэре этого компьютера.
net-leave = Выйти из партии
net-you-host = Сетевая партия: вы хозяин и играете { $side ->
    [white] белыми
   *[black] чёрными
}
net-you-join = Сетевая партия: вы играете { $side ->
    [white] белыми
   *[black] чёрными
}
net-draw-offer = Предложить ничью
net-draw-offer-tip = Предложение действует, пока соперник не ответит или не сделает ход.
net-draw-offered = Вы предложили ничью.
net-draw-offer-to-you = Соперник предлагает ничью.
net-draw-accept = Принять
net-draw-decline = Отклонить
net-not-your-turn = Сейчас ход соперника.
net-one-move = `{ $text }` — это не один ход.
net-not-in-network-game = В сетевой партии так нельзя.
net-host-left-saved = Хозяин вышел. Партия сохранена: { $path }.
net-host-left-not-saved = Хозяин вышел, а партию сохранить не удалось: { $error }
net-host-explain = Партия будет создана здесь: другой игрок подключится из этой сети по коду комнаты, который появится дальше (TCP-порт { $port }).
net-cannot-host = Не удалось создать партию: { $error }
net-one-remote = В сетевой партии один человек здесь и один за другим компьютером.
net-join-typed = Партии нет в списке? Введите адрес хозяина (порт { $port }, если он его не менял) и код комнаты с его экрана.
net-code = Код комнаты
net-need-code = Введите код комнаты с экрана хозяина или выберите партию из списка.
net-host-heading = Вы хозяин партии: { $game }
net-host-waiting = Ждём, когда подключится другой игрок.
net-host-code = Код комнаты: { $code }
net-host-how = На другом компьютере: «Подключиться к сетевой партии». Эта партия будет в списке; или введите этот адрес и код комнаты.
net-host-rules = Партия идёт как на сервере: часы идут, пока игрока нет, а против ушедшего надолго можно потребовать победу. Если вы выйдете, партия закончится для обоих; у другого игрока останется копия.
net-named-variant-only = Сетевая партия начинается с именованного варианта; позицию из файла играют за одним компьютером.
net-link-lost-heading = Связь потеряна
net-link-lost = Связь с партией потеряна.
net-players = { $white } (белые) – { $black } (чёрные)

## Игра на сервере Timefork.
title-online = Игра онлайн
title-online-tip = Играйте с людьми и ботами на сервере Timefork: рейтинговые партии, закрытая комната для друга, рейтинги.
online-heading = Игра онлайн
online-explain = Сервер Timefork принимает партии всех, кто может до него достучаться. Введите его адрес (TCP-порт { $port }, если не указан другой) и имя, под которым вы играете: в первый раз имя становится вашим, и этот компьютер хранит его ключ.
online-server = Сервер
online-name = Имя
online-connect = Подключиться
online-connecting = Подключение…
online-connected = Подключено к { $server } как { $name }
online-disconnect = Отключиться
online-your-ratings = Ваши рейтинги
online-rating-line = { $game }: { $rating }{ $provisional ->
    [yes] ?
   *[no] {""}
} ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[other] { $games } партий
})
online-provisional-tip = Рейтинг с «?» предварительный: слишком мало партий, чтобы быть в нём уверенным.
online-game = Игра
online-variant = Вариант
online-clock = Часы
online-untimed = Без часов
online-rated = На рейтинг
online-rated-tip = Рейтинговая партия меняет рейтинги обоих игроков (Glicko-2).
online-colour = Цвет
online-any = Любой
online-white = Белые
online-black = Чёрные
online-seek = Найти соперника
online-seek-tip = Ждать того, кто хочет ту же игру, те же часы и тот же вид партии (на рейтинг или нет).
online-seeking = Поиск соперника…
online-cancel = Отмена
online-private = Закрытая комната
online-private-tip = Комната, в которую войдёт только друг с её кодом.
online-code = Код комнаты: { $code }. Передайте его другу.
online-join-code = Войти в комнату друга
online-join = Войти
online-live = Идущие партии
online-recent = Сыгранные партии
online-refresh = Обновить
online-none = Нет.
online-watch = Смотреть
online-watch-tip = Следить за партией как зритель: каждый ход, как только он сделан; ходить и предлагать ничего нельзя.
online-watching = Вы смотрите партию
online-replay = Просмотр
online-replay-tip = Открыть запись партии, чтобы пройти её ход за ходом и разобрать.
online-game-line = { $game } · { $white } – { $black } · { $clock }
online-look-up = Найти
online-ratings-of = Рейтинги игрока
online-players-ratings-tip = Нажмите, чтобы увидеть рейтинги обоих игроков.
online-lost = Связь с сервером потеряна: вернитесь в «Игра онлайн», чтобы подключиться снова.
online-opponent-gone = Соперник вышел. Если он не вернётся за { $seconds } с, вы можете потребовать победу.
online-opponent-gone-now = Соперник давно вышел: вы можете потребовать победу.
online-claim = Потребовать победу
online-claim-tip = Выиграть партию (или отменить её до второго хода), потому что соперника нет.
online-restarted = Сервер перезапустился: партия продолжается с того же места; пока он не работал, часы стояли.
online-rating-change = рейтинг { $before } → { $after }
online-token-not-kept = Ключ имени не удаётся сохранить в папке настроек ({ $error }): подключения нет.
online-players = { $white } (белые, { $wr }) – { $black } (чёрные, { $br })
online-refused-version = На сервере другая версия Timefork.
online-refused-bad-name = «{ $name }» — не подходящее имя: от 2 до 20 букв, цифр, _ или -.
online-refused-name-taken = Имя { $name } на этом сервере уже занято: выберите другое.
online-refused-bad-token = Сервер не знает { $name } с ключом этого компьютера.
online-refused-in-use = { $name } сейчас играет с другого компьютера.
online-refused-too-many = Слишком много подключений или запросов: подождите и попробуйте снова.
online-refused-protocol = Сервер не понял эту программу.
online-cert-unknown = Сертификат этого сервера не подписан ни одним известным этому компьютеру центром (общественные серверы часто выпускают свои). Сравните его отпечаток SHA-256 с тем, что публикует владелец сервера, и доверяйте, только если они совпадают.
online-cert-changed = Внимание: сертификат сервера не тот, которому вы доверяли раньше. Кто-то может стоять между вами и сервером, или владелец его заменил: спросите владельца, прежде чем доверять новому.
online-cert-trust = Доверять сертификату и подключиться
online-cert-trust-tip = Компьютер запомнит отпечаток для этого сервера и больше не будет спрашивать, пока он не изменится.
