# Игра по сети (ru).
net-join-heading = Подключиться к сетевой партии
net-join-explain = Хозяин партии выбирает игру и стороны и сообщает вам свой адрес. Введите его здесь (порт { $port }, если он его не менял).
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
net-refused-version = У хозяина другая версия Timefork: на обоих компьютерах нужна одна и та же.
net-refused-seat-taken = С хозяином уже играет кто-то другой.
net-refused-unknown-seat = Хозяин не знает этого места (у него уже другая партия).
net-host-refused-version = Игрок с другой версией Timefork пытался подключиться: { $error }
net-waiting = Ждём другого игрока
net-waiting-first = Партия начнётся, когда другой игрок подключится. Часы стоят.
net-waiting-lost = Связь потеряна. Партия и часы стоят, пока она не восстановится.
net-host-address = Подключаться к { $address }, порт { $port }
net-host-firewall = Если другой компьютер не может достучаться до этого, разрешите UDP-порт { $port } в брандмауэре этого компьютера.
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
net-host-explain = «Начать» создаёт партию здесь: другой игрок подключается по адресу этого компьютера (UDP-порт { $port }).
net-cannot-host = Не удалось создать партию: { $error }
net-one-remote = В сетевой партии один человек здесь и один за другим компьютером.
