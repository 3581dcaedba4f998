# puzzles texts (ru).

## Уровни списка задач.
puzzles-tier-easy = Лёгкие
puzzles-tier-medium = Средние
puzzles-tier-hard = Сложные
puzzles-tier-easy-blurb = Мат в один ход.
puzzles-tier-medium-blurb = Мат в два хода, а также мат в один ход в насыщенной мультивселенной.
puzzles-tier-hard-blurb = Мат в три хода, а также мат в два хода в насыщенной мультивселенной.

puzzles-goal-mate-in = мат в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
puzzles-task = Ход { $side ->
    [white] белых
   *[black] чёрных
}, { $goal }
puzzles-untitled = { $variant }: { $task }
puzzles-custom-board = своя доска

## Список задач.
puzzles-heading = Задачи 5D-шахмат
puzzles-solved-count = Решено { $done } из { $total }
puzzles-intro = Найдите мат. Каждый отправленный ход проверяется сразу: если он верен, защита отвечает лучшим ходом; если нет — вы увидите, как защита спасается, и попробуете снова.
puzzles-row-solved = решено
puzzles-row-not-solved = ещё не решено
puzzles-play = Играть
puzzles-play-again = Ещё раз

## Панель задачи.
puzzles-to-play = Ход { $side ->
    [white] белых
   *[black] чёрных
}: { $goal }
puzzles-turns-left = { $n ->
    [one] Остался { $n } ход до мата
    [few] Осталось { $n } хода до мата
   *[many] Осталось { $n } ходов до мата
}
puzzles-next = Следующая задача
puzzles-back-to-list = К списку
puzzles-retry-turn = Переиграть ход
puzzles-retry = Ещё раз
puzzles-start-over = Сначала
puzzles-right = Верно!
puzzles-defence-answers = Защита отвечает { $reply }.
puzzles-your-turn = Ваш ход: сделайте ходы и отправьте.
puzzles-defence-replies = Защита отвечает…
puzzles-checking = Проверяю ваш ход…
puzzles-solved = Решено!
puzzles-not-marked = Не отмечено как решённое: решение было показано.
puzzles-play-it-again = Сыграть ещё раз
puzzles-not-the-solution = Это не решение
puzzles-refutation-shown = Красным на досках: как спасается защита.
puzzles-out-of-time = Проверке не хватило времени
puzzles-unproved = Для этого хода не доказано ни «верно», ни «неверно».
puzzles-solution-step = Решение, действие { $k } из { $total }:
puzzles-play-next-action = Следующее действие ▶
puzzles-solution-played = Мат: это и есть решение.
puzzles-try-yourself = Попробовать самому
puzzles-finding-solution = Ищу решение…
puzzles-hint = Подсказка
puzzles-hint-tip = Какой фигурой решение ходит первой отсюда
puzzles-show-solution = Показать решение
puzzles-show-solution-tip = Вся линия решения; доски вернутся к началу, чтобы её разыграть
puzzles-looking-for-hint = Ищу подсказку…
puzzles-hint-move = Подсказка: { $move } (золотая стрелка).
puzzles-hint-piece = Подсказка: ходит { $piece } с { $square } (золотая рамка).
puzzles-show-move = Показать ход
puzzles-no-hint = Нет подсказки: { $error }
puzzles-solution = Решение
puzzles-no-solution = Решение не найдено: { $error }
puzzles-solved-mates = { $side ->
    [white] Белые
   *[black] Чёрные
} ставят мат в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}.
puzzles-not-marked-short = (Не отмечено: решение было показано.)
puzzles-close = Закрыть

## Названия фигур (именительный падеж).
puzzles-piece = фигура
puzzles-piece-pawn = пешка
puzzles-piece-knight = конь
puzzles-piece-bishop = слон
puzzles-piece-rook = ладья
puzzles-piece-queen = ферзь
puzzles-piece-king = король
puzzles-piece-unicorn = единорог
puzzles-piece-dragon = дракон
puzzles-piece-princess = принцесса
puzzles-piece-brawn = браун
puzzles-piece-royal-queen = королевский ферзь
puzzles-piece-common-king = простой король

## Почему ход не решает задачу.
puzzles-wrong-illegal = Недопустимое действие: { $reason }
puzzles-illegal-empty = в действии должен быть хотя бы один ход
puzzles-illegal-move = ход { $n } здесь невозможен
puzzles-wrong-stalemate = Пат: у защиты нет допустимых действий, но нет и шаха
puzzles-wrong-no-check = Не мат (даже не шах): защита играет { $reply }
puzzles-wrong-escapes = Не мат: защита спасается ходом { $reply }
puzzles-wrong-no-mate-after = Защита спасается ходом { $reply }: после него нет мата в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}

## Почему нет подсказки или решения.
puzzles-error-format = не задача: { $reason }
puzzles-error-no-mate = нет мата в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
puzzles-error-no-mate-because = нет мата в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}: { $reason }
puzzles-reason-checkmated = стороне, чей ход, уже поставлен мат
puzzles-reason-stalemated = у стороны, чей ход, пат
puzzles-error-shorter-mate = есть мат быстрее: мат в { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
} с { $action }
puzzles-error-bad-solution = ошибка в решении на действии { $index }: { $reason }
puzzles-error-unknown = неизвестно: поиск упёрся в лимит после { $nodes ->
    [one] { $nodes } действия
   *[other] { $nodes } действий
}
