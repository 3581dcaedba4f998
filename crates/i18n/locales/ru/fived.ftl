# 5D-шахматы: панель хода, список ходов, сохранения, новая партия, подсказки фигур (ru).
# $side и $winner — "white" или "black" (не показываются, по ним выбирается форма).

## Конец партии

fived-outcome-checkmate = { $winner ->
    [white] Мат: победили белые
   *[black] Мат: победили чёрные
}
fived-outcome-stalemate = Пат: ничья
fived-outcome-resignation = { $winner ->
    [white] Чёрные сдались: победили белые
   *[black] Белые сдались: победили чёрные
}
fived-outcome-time-out = { $winner ->
    [white] У чёрных кончилось время: победили белые
   *[black] У белых кончилось время: победили чёрные
}
fived-outcome-abandoned = { $winner ->
    [white] Чёрные покинули партию: победили белые
   *[black] Белые покинули партию: победили чёрные
}
fived-outcome-aborted = Партия прервана до второго хода: без результата
fived-after-turns = { $n ->
    [one] после { $n } хода
    [few] после { $n } ходов
   *[many] после { $n } ходов
}
fived-game-over = Партия окончена
fived-keep-browsing = Продолжить просмотр
fived-new-game = Новая партия
fived-title = В меню

## Отказы

fived-error-game-over = партия окончена
fived-error-illegal-move = { $mv } — здесь недопустимый ход
fived-error-nothing-to-undo = в этом ходе нечего отменять
fived-error-cannot-submit = нельзя отправить ход: { $reason }
fived-error-engine-refused = движок отклонил ход: { $error }
fived-error-untimed = партия без часов
fived-error-clock-not-running = { $side ->
    [white] часы белых не идут
   *[black] часы чёрных не идут
}
fived-no-such-variant = нет варианта «{ $name }»

## Почему нельзя отправить ход

fived-submit-present-not-moved = { $side ->
    [white] настоящее (ход { $turn }, белые) не сдвинулось: сначала сходите на всех его досках
   *[black] настоящее (ход { $turn }, чёрные) не сдвинулось: сначала сходите на всех его досках
}
fived-submit-royal-capturable = соперник сможет взять королевскую фигуру: (L{ $from_l } T{ $from_t }) { $from_sq } бьёт (L{ $to_l } T{ $to_t }) { $to_sq }

## Панель хода

fived-turn-heading = { $side ->
    [white] Ход { $turn } · ходят белые
   *[black] Ход { $turn } · ходят чёрные
}
fived-present = Настоящее: { $present }
fived-present-tip = Настоящее — самый ранний ход среди активных линий. Прежде чем отправить ход, нужно сходить на каждой доске настоящего (оранжевые рамки); на досках с зелёной пунктирной рамкой тоже можно ходить.
fived-time-control-tip = Основное время + добавка за ход. Пока идёт проверка мата, часы стоят.
fived-checking-mate = Проверяю мат…
fived-check = Шах!
fived-check-tip = Королевская фигура стороны, чей ход, атакована с какой-то доски. Ход должен закончиться так, чтобы ни одну королевскую фигуру нельзя было взять.
fived-mate-check-gave-up = проверка мата прервана (лимит исчерпан): играйте дальше
fived-ai-thinking = ИИ думает…
fived-undo = Отменить (Ctrl+Z)
fived-submit = Отправить ход (Enter)
fived-hint = Подсказка
fived-hint-tip = Спросить ИИ (сложный), какой ход он сыграл бы здесь
fived-resign = Сдаться
fived-resign-tip = { $side ->
    [white] Белые сдают партию
   *[black] Чёрные сдают партию
}
fived-menu = Меню
fived-cannot-submit = Нельзя отправить ход: { $reason }
fived-looking-for-hint = ищу подсказку…
fived-hint-action = Подсказка: { $action }
fived-controls-help = Щёлкните фигуру, затем цель. Сдвиг — правая/средняя кнопка мыши или стрелки, колесо — масштаб, F — показать всё, V — свободная камера (Q/E — поворот).

## Просмотр истории

fived-browsing-start = Просмотр: начало
fived-browsing-after = { $side ->
    [white] Просмотр: после хода { $k } (ходили белые)
   *[black] Просмотр: после хода { $k } (ходили чёрные)
}
fived-browse-previous = Назад (Left)
fived-browse-next = Вперёд (Right)
fived-back-to-game = Вернуться к партии
fived-browse-live-key = Esc

## Часы

fived-clock-human = человек
fived-clock-solver = решатель
fived-clock-ai = ИИ { $level }
fived-clock-left = { $side } ({ $who }) { $time }
fived-clock-used = { $side } ({ $who }) { $time } затрачено

## Контроль времени из сохранения

fived-time-control-not-tag = контроль времени `{ $tag }` не в виде ОСНОВНОЕ+ДОБАВКА в секундах
fived-time-control-bad-base = контроль времени `{ $tag }`: основное время `{ $value }` — не целое число секунд
fived-time-control-bad-increment = контроль времени `{ $tag }`: добавка `{ $value }` — не целое число секунд
fived-time-control-out-of-range = контроль времени `{ $tag }` вне допустимого (от 1 с до 24 ч, добавка до 1 ч)

## Список ходов

fived-moves = Ходы
fived-this-turn = этот ход: { $action }
fived-move-list-help = Щёлкните ход, чтобы увидеть мультивселенную после него.
fived-list-start = начало
fived-no-moves-yet = ходов пока нет
fived-copy = Копировать
fived-copy-tip = Скопировать партию в 5DPGN
fived-copied = скопировано в буфер обмена
fived-save = Сохранить
fived-save-tip = Сохранить в папку сохранений (с игроками и часами)
fived-saved-to = сохранено в { $path }
fived-could-not-save = не удалось сохранить: { $error }
fived-import = Импорт…
fived-export = Экспорт
fived-exported-to = экспортировано в { $path }
fived-could-not-write = не удалось записать { $path }: { $error }
fived-import-help = Вставьте 5DPGN или 5DFEN или укажите путь к файлу выше:
fived-load-pasted = Загрузить вставленное
fived-load-file = Загрузить файл
fived-imported = партия импортирована

## Чтение сохранения

fived-save-not-a-player = `{ $value }` — не игрок (human, ai:easy, ai:medium, ai:hard, ai:max)
fived-save-bad-version = TimeforkSave: `{ $value }` — не номер версии
fived-save-too-new = сохранение версии { $version }, а эта сборка читает до { $supported }; обновите Timefork, чтобы открыть его
fived-save-header-missing = нет заголовка { $header }
fived-save-header-error = { $header }: { $error }
fived-save-bad-clocks = TimeforkClocks: `{ $value }` — не четыре числа миллисекунд

## Чтение 5DPGN

fived-notation-error = строка { $line }: `{ $text }`: { $message }
fived-notation-stray-brace = закрывающая скобка без открывающей
fived-notation-open-comment = комментарий не закрыт
fived-notation-open-header = заголовок не закрыт `]`
fived-notation-open-quote = значение заголовка не закрыто кавычкой
fived-notation-header-key = ключ заголовка должен быть одним словом
fived-notation-bad-header = заголовок не вида `[Key "value"]` и не доска 5DFEN
fived-notation-after-header = текст после заголовка
fived-notation-mode = читаются только партии с Mode "5D"
fived-notation-size = Size должен выглядеть как 8x8
fived-notation-unknown-variant = неизвестный вариант (см. `timefork-cli variants`)
fived-notation-no-game = партии нет (ни заголовка, ни хода)
fived-notation-after-result = текст после результата партии
fived-notation-white-starts = партия начинается с хода белых

## Доски

fived-timeline-inactive = { $timeline } (неактивная)

## Фигуры

fived-piece-of-side = { $side ->
    [white] { $piece } белых
   *[black] { $piece } чёрных
}
fived-piece-pawn = Пешка
fived-piece-knight = Конь
fived-piece-bishop = Слон
fived-piece-rook = Ладья
fived-piece-queen = Ферзь
fived-piece-king = Король
fived-piece-unicorn = Единорог
fived-piece-dragon = Дракон
fived-piece-princess = Принцесса
fived-piece-brawn = Бравн
fived-piece-royal-queen = Королевский ферзь
fived-piece-common-king = Простой король
fived-rule-pawn = Шаг вперёд: вверх по доске (y) или по L к линиям соперника; со старта — на два. Бьёт по диагонали на доске (y и x) или сквозь время (L и T). Превращается в ферзя.
fived-rule-knight = Два шага по одной оси и один по другой (любые две из x, y, T, L). Перепрыгивает фигуры и отсутствующие доски.
fived-rule-bishop = На любое расстояние ровно по двум осям, одинаково по обеим.
fived-rule-rook = На любое расстояние по одной оси: x, y, T или L.
fived-rule-queen = На любое расстояние по любому числу осей, одинаково по каждой.
fived-rule-king = Один шаг по любым осям. Королевская фигура: ни один ход не может закончиться так, чтобы её можно было взять с какой-либо доски.
fived-rule-unicorn = На любое расстояние ровно по трём осям, одинаково по каждой.
fived-rule-dragon = На любое расстояние по всем четырём осям сразу, одинаково по каждой.
fived-rule-princess = Ладья или слон: на любое расстояние по одной оси или поровну по двум.
fived-rule-brawn = Ходит как пешка. Ещё бьёт на один шаг ровно по двум осям, хотя бы по одной вперёд и ни по одной назад.
fived-rule-royal-queen = Ходит как ферзь и королевская, как король: её нельзя оставлять под боем.
fived-rule-common-king = Ходит как король (один шаг по любым осям), но не королевская фигура: его можно взять.

## Новая партия

fived-new-game-heading = Новая партия в 5D-шахматы
fived-variant = Вариант
fived-filter = поиск
fived-community-variants = Варианты сообщества
fived-variant-chosen = Вариант: { $name }
fived-start = Начать
fived-or-open-file = Или откройте файл 5DPGN / 5DFEN:
fived-path-hint = путь/к/партии.5dpgn
fived-or-paste = Или вставьте текст:
fived-start-from-pasted = Начать со вставленного

fived-variant-standard = Стандарт
fived-variant-standard-turn-zero = Стандарт - нулевой ход
fived-variant-standard-princess = Стандарт - принцесса
fived-variant-standard-two-timelines = Стандарт - две линии
fived-variant-standard-defended-pawn = Стандарт - защищённая пешка
fived-variant-standard-reversed-royalty = Стандарт - ферзь вместо короля
fived-variant-standard-half-reflected = Стандарт - полуотражение
fived-variant-small = Малая
fived-variant-small-flipped = Малая - перевёрнутая
fived-variant-small-centered = Малая - по центру
fived-variant-small-open = Малая - открытая
fived-variant-very-small = Очень малая
fived-variant-very-small-open = Очень малая - открытая
fived-variant-simple-no-queens = Простая - без ферзей
fived-variant-simple-knights-vs-bishop = Простая - кони против слонов
fived-variant-simple-no-bishops = Простая - без слонов
fived-variant-simple-no-knights = Простая - без коней
fived-variant-simple-no-rooks = Простая - без ладей
fived-variant-simple-simple-set = Простая - простой набор
fived-variant-misc-timeline-invasion = Разное - вторжение линий
fived-variant-misc-timeline-formations = Разное - построения линий
fived-variant-misc-timeline-tactitian = Разное - тактик линий
fived-variant-misc-timeline-strategos = Разное - стратег линий
fived-variant-misc-timeline-battlegrounds = Разное - поля сражений линий
fived-variant-misc-timeline-skirmish = Разное - стычка линий
fived-variant-misc-timeline-fragments = Разное - осколки линий
fived-variant-misc-timeline-marauders = Разное - мародёры линий
fived-variant-misc-king-of-kings = Разное - король королей
fived-variant-misc-royal-queen-showdown = Разное - дуэль королевских ферзей
fived-variant-misc-excessive = Разное - перебор
fived-variant-misc-global-warming = Разное - глобальное потепление
fived-variant-focused-just-knights = Моно - только кони
fived-variant-focused-just-bishops = Моно - только слоны
fived-variant-focused-just-rooks = Моно - только ладьи
fived-variant-focused-just-queens = Моно - только ферзи
fived-variant-focused-just-pawns = Моно - только пешки
fived-variant-focused-just-kings = Моно - только короли
fived-variant-focused-just-unicorns = Моно - только единороги
fived-variant-focused-just-dragons = Моно - только драконы
fived-variant-focused-just-brawns = Моно - только бравны
fived-variant-practice-knight = Тренировка мата - конь
fived-variant-practice-bishop = Тренировка мата - слон
fived-variant-practice-rook = Тренировка мата - ладья
fived-variant-practice-queen = Тренировка мата - ферзь
fived-variant-practice-pawns = Тренировка мата - пешки
fived-take-back = Взять ход назад
fived-take-back-tip = Отменить ваш последний ход и ответ ИИ. Партия со взятым назад ходом не попадает в таблицу рекордов.
fived-error-no-take-back = нечего брать назад: только ваш ход и ответ ИИ на него, в вашу очередь

## Анализ: позиция на свободной доске с оценкой движка

fived-error-not-analysis = ходы назад отматываются только на доске анализа
fived-error-nothing-to-retract = нет хода, который можно отмотать
fived-analyse = Анализ
fived-analyse-tip = Открыть эту позицию на свободной доске: ходить за обе стороны, с оценкой движка и лучшим ходом
fived-analyse-off-board-tip = Партия ждёт, часы остановлены; партия, которую анализировали во время игры, не попадает в таблицу рекордов
fived-analysis = Анализ
fived-analysis-tip = Свободная доска: вы ходите за обе стороны. Партия ждёт за ней такой, какой была.
fived-analysis-back-tip = Закрыть анализ; партия вернётся такой, какой вы её оставили
fived-analysis-eval = Оценка: { $score }
fived-analysis-eval-tip = В пешках на линию времени (перевес на типичной доске), со стороны белых: больше нуля — у белых лучше
fived-analysis-depth = глубина { $depth }
fived-analysis-thinking = движок думает…
fived-analysis-mates = { $side ->
    [white] Белые ставят мат
   *[black] Чёрные ставят мат
}
fived-analysis-best = Лучший ход: { $action }
fived-analysis-play-best = Сыграть
fived-analysis-play-best-tip = Сыграть на доске лучший ход движка
fived-analysis-turn-back = ◀ Ход назад
fived-analysis-turn-back-tip = Последний ход снимается (его можно сыграть снова)
fived-analysis-turn-forward = Ход вперёд ▶
fived-analysis-turn-forward-tip = Снова сыграть отменённый ход (сначала — следующий ход самой партии)
fived-clock-remote = другой компьютер
fived-outcome-draw-agreed = Ничья по согласию
