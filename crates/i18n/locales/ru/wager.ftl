# wager texts (ru).

## The bar on top

wager-clock-untimed =
    { $side ->
        [white] Белые
       *[black] Чёрные
    } без часов
wager-clock-stopped =
    { $side ->
        [white] Белые
       *[black] Чёрные
    } { $time }
wager-clock-running =
    { $side ->
        [white] Белые
       *[black] Чёрные
    } { $time } ({ $rate }x)
wager-previous-tip = Предыдущая линия (Left, Shift+Tab)
wager-next-tip = Следующая линия (Right, Tab)
wager-timeline-heading = Линия L{ $n }
wager-open-count = открыто { $open } из { $total }
wager-bank-here = Банк линии: белые { $white } · чёрные { $black }
wager-bank-tip = Очки, поставленные на этой линии. Мат отдаёт весь банк победителю; ничья делит его.
wager-secured = Закреплено: белые { $white } · чёрные { $black }
wager-secured-tip = Матч выигрывает тот, кто первым закрепит больше 50 очков.
wager-clock-tip = Часы идут, пока их игроку нужно ходить хоть на одной линии, со скоростью, равной доле этих линий во всех открытых очках; ход добавляет прибавку, умноженную на долю его линии.
wager-to-move-here =
    Здесь ходят { $side ->
        [white] белые
       *[black] чёрные
    }
wager-to-move-here-ai =
    Здесь ходят { $side ->
        [white] белые
       *[black] чёрные
    } (ИИ)
wager-to-move-here-remote =
    Здесь ходят { $side ->
        [white] белые
       *[black] чёрные
    } (другой компьютер)
wager-closed-checkmate =
    Закрыта: мат, банк забрали { $winner ->
        [white] белые
       *[black] чёрные
    }
wager-closed-draw = Закрыта: ничья ({ $reason })
wager-closed-merged = Закрыта: слита в L{ $into }
wager-ai-thinking =
    ИИ ({ $side ->
        [white] белые
       *[black] чёрные
    }) думает
wager-split-toggle = Разделить (S)
wager-split-tip = Ход с разделением: ход делается на новой линии, которая забирает ставку (поровну из долей обоих игроков в банке этой линии); здесь ход остаётся за вами.
wager-stake = ставка
wager-resign =
    Сдаться ({ $side ->
        [white] белые
       *[black] чёрные
    })
wager-save = Сохранить
wager-save-tip = Сохранить запись матча
wager-saved = сохранено в { $path }
wager-save-failed = не удалось сохранить: { $error }
wager-menu = Меню
wager-help = Щёлкните фигуру, затем цель. Left/Right или Tab: другие линии. S: разделить. Колесо — масштаб, правая кнопка — сдвиг.

## Merge offers

wager-offers-title = Предложения слить
wager-offer = L{ $a } и L{ $b } пришли к одной позиции. Слить их? Банки сложатся, игра продолжится на L{ $survivor }. Отказ для этой позиции окончателен.
wager-answer-yes =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }: да
wager-answer-no =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }: нет
wager-answer-pending =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }:
wager-accept = Принять
wager-refuse = Отказать
wager-ai-deciding =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }: ИИ решает
wager-remote-deciding =
    { $side ->
        [white] Белые
       *[black] Чёрные
    }: решает другой игрок

## Promotion

wager-promote-title = Превратить в
wager-piece-queen = Ферзь
wager-piece-rook = Ладья
wager-piece-bishop = Слон
wager-piece-knight = Конь
wager-piece-pawn = Пешка
wager-piece-king = Король
wager-cancel = Отмена

## The map of timelines and the moves

wager-timelines-title = Временные линии
wager-map-to-move =
    Ход { $side ->
        [white] белых
       *[black] чёрных
    }
wager-map-mate = { $result } мат
wager-map-draw = ½-½ { $reason }
wager-map-merged = слита в L{ $into }
wager-map-node-tip =
    Линия L{ $n }: банк белые { $white } · чёрные { $black }, { $plies ->
        [one] { $plies } полуход
        [few] { $plies } полухода
       *[many] { $plies } полуходов
    }
wager-map-node-tip-split =
    Линия L{ $n }: банк белые { $white } · чёрные { $black }, { $plies ->
        [one] { $plies } полуход
        [few] { $plies } полухода
       *[many] { $plies } полуходов
    }, отделилась от L{ $parent } на полуходе { $ply }
wager-moves-on = Ходы на L{ $n }
wager-move-before-split = сыграно до отделения этой линии
wager-move-on-timeline = сыграно на этой линии
wager-no-moves = ходов пока нет

## Draws

wager-draw-stalemate = пат
wager-draw-threefold = троекратное повторение
wager-draw-fifty-moves = правило 50 ходов
wager-draw-insufficient-material = недостаток материала

## The result

wager-over-title = Матч окончен
wager-white-wins = Белые выиграли матч
wager-black-wins = Чёрные выиграли матч
wager-match-drawn = Матч закончился вничью
wager-end-points = закреплено больше 50 очков
wager-end-all-closed = все линии закрыты, никто не набрал больше 50
wager-end-resignation = сдача
wager-end-flag-fall = время на часах вышло
wager-end-both-flags = время вышло у обоих одновременно
wager-result = { $headline }: { $reason }
wager-result-summary =
    Закреплено: белые { $white } · чёрные { $black }; { $splits ->
        [one] { $splits } разделение
        [few] { $splits } разделения
       *[many] { $splits } разделений
    }, { $merges ->
        [one] { $merges } слияние
        [few] { $merges } слияния
       *[many] { $merges } слияний
    }
wager-keep-browsing = Продолжить просмотр
wager-new-match = Новый матч
wager-title = В меню

## The new-match screen

wager-new-heading = Новый матч Timeline Wager
wager-new-about = Обычные шахматы на многих временных линиях сразу. Любой игрок может разделить линию и поставить очки на новую; мат закрепляет банк линии, ничья делит его, а побеждает тот, кто первым закрепит больше 50 очков.
wager-start = Начать
wager-clock-error-zero = базовое время должно быть больше 0
wager-clock-error-too-long =
    не больше { $minutes ->
        [one] { $minutes } минуты
       *[other] { $minutes } минут
    } и { $seconds ->
        [one] { $seconds } секунды
       *[other] { $seconds } секунд
    } прибавки
wager-clock-error-fraction = базовое время { $ms } мс — не целое число тысячных долей минуты

## Refused requests (the rules' reasons)

wager-seconds = { $s } с
wager-error-match-over = матч окончен ({ $result })
wager-error-time-went-back = время { $now } раньше предыдущего события ({ $last })
wager-error-flag-fallen =
    у { $side ->
        [white] белых
       *[black] чёрных
    } время вышло в { $at }
wager-error-flag-not-fallen =
    у { $side ->
        [white] белых
       *[black] чёрных
    } время выйдет в { $runs_out }, а не в { $at }
wager-error-clock-not-running =
    часы { $side ->
        [white] белых
       *[black] чёрных
    } не идут в { $at }
wager-error-untimed = матч без часов: время не может выйти
wager-error-no-timeline = линии L{ $n } нет
wager-error-timeline-closed = линия L{ $n } закрыта
wager-error-not-your-turn =
    на L{ $timeline } сейчас не ход { $side ->
        [white] белых
       *[black] чёрных
    }
wager-error-illegal-move = ход { $mv } невозможен на L{ $timeline } ({ $fen })
wager-error-odd-stake = ставка { $stake } нечётная (ставки чётные)
wager-error-stake-too-small = ставка { $stake } меньше минимума 2
wager-error-stake-too-large = ставка { $stake } слишком велика: в каждой доле банка должно остаться хотя бы 1 очко (не больше { $max })
wager-error-timeline-limit = открыто 50 линий: больше разделять нельзя
wager-error-no-offer = нет открытого предложения слить L{ $a } и L{ $b }
wager-error-already-answered =
    { $side ->
        [white] Белые
       *[black] Чёрные
    } уже ответили на предложение слить L{ $a } и L{ $b }

## Возврат хода против ИИ, по одной линии времени

wager-take-back = Вернуть ход
wager-take-back-tip = Вернуть ваш последний ход на этой линии и ответ ИИ; другие линии остаются как есть. Матч с возвратом хода не попадает в таблицу рекордов.
wager-error-no-take-back = возврат хода доступен только игроку против ИИ и только в его ход
wager-error-no-take-back-over = матч окончен
wager-error-no-take-back-closed = L{ $timeline } закрыта
wager-error-no-take-back-turn = { $side ->
    [white] на L{ $timeline } сейчас не ход белых
   *[black] на L{ $timeline } сейчас не ход чёрных
}
wager-error-no-take-back-pair = на L{ $timeline } нет вашего хода с ответом ИИ, который можно вернуть (разделение не возвращается)
wager-error-no-take-back-depended = событие { $event } опирается на последние ходы L{ $timeline } (разделение от неё или ответ на слияние)
wager-error-no-take-back-replay = без этих ходов событие { $event } больше не применимо: { $reason }

## Просмотр истории линии на экране

wager-browsing-start = Показано: начало этой линии
wager-browsing-after = { $white ->
    [yes] Показано: после { $n }. (ход белых)
   *[no] Показано: после { $n }. (ход чёрных)
}
wager-browse-previous = Назад (Up)
wager-browse-next = Вперёд (Down)
wager-back-to-game = Назад к партии
wager-back-to-game-tip = End или Esc; матч тем временем идёт
