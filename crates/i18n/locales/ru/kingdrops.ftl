# Тексты Kingdrops (ru).
# Термины: сброс (drop), пленник / плен (prisoner / prison), обмен (exchange),
# расстановка (setup), бегун (runner), резерв (reserve); ход (turn) из шагов (moves).

## Фигуры

kd-kind-king = король
kd-kind-queen = ферзь
kd-kind-rook = ладья
kd-kind-bishop = слон
kd-kind-guard = страж
kd-kind-spearman = копейщик
kd-kind-archer = лучник
kd-kinds-king = короли
kd-kinds-queen = ферзи
kd-kinds-rook = ладьи
kd-kinds-bishop = слоны
kd-kinds-guard = стражи
kd-kinds-spearman = копейщики
kd-kinds-archer = лучники
kd-piece = { $kind ->
        [rook] { $side ->
            [white] белая
           *[other] чёрная
        } ладья
       *[other] { $side ->
            [white] белый
           *[other] чёрный
        } { $kind ->
            [king] король
            [queen] ферзь
            [bishop] слон
            [guard] страж
            [spearman] копейщик
           *[archer] лучник
        }
    }
kd-piece-title = { $kind ->
        [rook] { $side ->
            [white] Белая
           *[other] Чёрная
        } ладья
       *[other] { $side ->
            [white] Белый
           *[other] Чёрный
        } { $kind ->
            [king] король
            [queen] ферзь
            [bishop] слон
            [guard] страж
            [spearman] копейщик
           *[archer] лучник
        }
    }
kd-rule-king = На одно поле в любую сторону. Шаха нет: король может встать под удар и быть взят, а это поражение. Под ударом он ходит только первым шагом хода. Дойти до последней горизонтали — победа.
kd-rule-queen = На одно или два поля в любую сторону, не перепрыгивая.
kd-rule-rook = На одно–три поля по горизонтали или вертикали, не перепрыгивая.
kd-rule-bishop = На одно–три поля по диагонали, не перепрыгивая.
kd-rule-guard = На одно поле в любую сторону.
kd-rule-spearman = На одно поле прямо вперёд, бьёт так же. Дойти до последней горизонтали — победа. Взятый копейщик выходит из игры.
kd-rule-archer = На одно поле по диагонали вперёд, бьёт так же. Дойти до последней горизонтали — победа. Взятый лучник выходит из игры.
kd-in-reserve = В резерве { $side ->
        [white] белых
       *[other] чёрных
    }: её можно сбросить шагом на пустое поле рядом с королём { $side ->
        [white] белых
       *[other] чёрных
    } (один сброс за ход).
kd-in-prison = В плену у { $side ->
        [white] белых
       *[other] чёрных
    }. Когда у обеих сторон в плену есть { $name }, в конце хода их обменивают обратно в резервы владельцев.
kd-in-tray = Перетащите её на одну из двух своих горизонталей.
kd-taken-to-prison = Взятая фигура попадает в плен к взявшему и может вернуться по обмену.

## Подписи у доски

kd-reserve-label = Резерв { $side ->
        [white] белых
       *[other] чёрных
    }
kd-prison-label = Пленники { $side ->
        [white] белых
       *[other] чёрных
    }
kd-tray-label = К расстановке: { $side ->
        [white] белые
       *[other] чёрные
    }

## Новая партия

kd-new-heading = Новая партия Kingdrops
kd-new-about = Каждая сторона расставляет свои 16 фигур на двух своих горизонталях, белые первыми. Ход — до трёх шагов, каждой фигурой не больше одного, и столько, сколько возможно; одним из них можно сбросить фигуру из резерва рядом с королём. Взятые ферзи, ладьи, слоны и стражи попадают в плен и возвращаются по обмену. Победа — взять короля противника или довести своего короля, копейщика или лучника до последней горизонтали.
kd-set-up-pieces = Расставить фигуры
kd-set-up-pieces-tip = Сначала расставляют белые, потом чёрные; ИИ расставляет свою сторону сам

## Расстановка

kd-setup-heading = Расстановка { $side ->
        [white] белых
       *[other] чёрных
    }
kd-player-in-brackets = ({ $player })
kd-player-person = человек
kd-player-ai = ИИ, { $level }
kd-placed-count = Расставлено { $n } из 16
kd-remote-setting-up = Игрок за другим компьютером расставляет фигуры { $side ->
        [white] белых
       *[other] чёрных
    }…
kd-ai-setting-up = ИИ расставляет фигуры { $side ->
        [white] белых
       *[other] чёрных
    }…
kd-setup-help = Перетащите фигуры из лотка на горизонтали { $low } и { $high } (или щёлкните фигуру, затем поле). Перетащите поставленную фигуру на другое поле, чтобы поменять местами, или за доску, чтобы убрать.{ $white_ready ->
        [yes] {" "}Белые готовы: их фигуры стоят на горизонталях 1 и 2.
       *[other] {""}
    }
kd-random = Случайно
kd-random-tip = Случайная расстановка
kd-mirror = Отразить { $side ->
        [white] белых
       *[other] чёрных
    }
kd-mirror-tip = Расстановка { $side ->
        [white] белых
       *[other] чёрных
    }, отражённая через середину доски: каждая фигура напротив своего двойника
kd-mirror-not-yet = { $side ->
        [white] Белые
       *[other] Чёрные
    } расставляют после вас: отражать пока нечего
kd-standard = Стандарт
kd-standard-tip = Пример из правил: бегуны впереди, король позади
kd-clear = Очистить
kd-ready = Готово
kd-ready-tip = Сначала расставьте все 16 фигур
kd-menu = Меню

## Ошибки расстановки

kd-not-home = { $square } не на горизонталях { $side ->
        [white] белых
       *[other] чёрных
    } ({ $low } и { $high }): фигуры расставляют только там
kd-setup-done = обе стороны уже расставлены
kd-all-placed = { $n ->
        [one] { $pieces } { $side ->
            [white] белых
           *[other] чёрных
        } уже на доске
       *[other] все { $pieces } { $side ->
            [white] белых
           *[other] чёрных
        } уже на доске ({ $n })
    }
kd-no-piece-to-move = на { $square } нет фигуры, чтобы её переставить
kd-no-piece-to-lift = на { $square } нет фигуры, чтобы её убрать
kd-nothing-to-mirror = { $side ->
        [white] белые
       *[other] чёрные
    } ещё не расставились: отражать нечего
kd-wrong-layout = это расстановка { $layout ->
        [white] белых
       *[other] чёрных
    }, а расставляют { $side ->
        [white] белые
       *[other] чёрные
    }
kd-not-ready = не готово: { $error } (расставлено { $n } из 16)
kd-setup-off-home = { $name } { $side ->
        [white] белых
       *[other] чёрных
    } на { $square } — вне двух первых горизонталей ({ $low } и { $high })
kd-setup-square-twice = две фигуры на { $square }
kd-setup-missing = { $missing ->
        [one] у { $side ->
            [white] белых
           *[other] чёрных
        } не хватает фигуры «{ $name }»: расставлено { $placed } из { $total }
       *[other] { $plural } у { $side ->
            [white] белых
           *[other] чёрных
        }: расставлено { $placed } из { $total }, не хватает { $missing }
    }
kd-setup-too-many = { $side ->
        [white] белые
       *[other] чёрные
    } поставили { $plural }: { $placed }, а у стороны их { $total }
kd-setup-wrong-color = на { $square } стоит { $piece } — это не фигура этой стороны
kd-setup-colors = для начальной позиции нужны расстановки белых и чёрных
kd-setup-not-a-start = это не позиция сразу после расстановки: { $reason }

## Игра

kd-turn-heading = Ход { $n } · ходят { $side ->
        [white] белые
       *[other] чёрные
    }
kd-ai-thinking = ИИ думает…
kd-ai-plays = ИИ ходит: { $moves }
kd-remote-plays = Ходит другой игрок…
kd-remote-played = Другой игрок ходит: { $moves }
kd-status-over = Партия окончена
kd-status-pass = Ходить нечем: этот ход — пропуск
kd-status-complete = Ход готов ({ $made } из { $total }): завершите его
kd-status-move = Шаг { $n } из { $total }
kd-status-more = { $left ->
    [one] Остался ещё один шаг: за ход делается столько шагов, сколько возможно (до трёх), затем «Завершить ход».
    [few] Осталось ещё { $left } шага: за ход делается столько шагов, сколько возможно (до трёх), затем «Завершить ход».
   *[other] Осталось ещё { $left } шагов: за ход делается столько шагов, сколько возможно (до трёх), затем «Завершить ход».
}
kd-undo = Отменить
kd-undo-tip = Отменить последний шаг этого хода (Ctrl+Z)
kd-pass = Пропустить
kd-end-turn = Завершить ход
kd-end-turn-tip = Enter
kd-end-turn-not-yet = В ходе столько шагов, сколько возможно (до трёх), если только шаг не выигрывает
kd-resign = Сдаться
kd-save = Сохранить
kd-save-tip = Сохранить партию в { $dir }
kd-saved-to = Сохранено в { $path }
kd-save-failed = Не удалось сохранить: { $error }
kd-new-game = Новая партия
kd-title = В меню
kd-exchange = Обмен после хода { $side ->
        [white] белых
       *[other] чёрных
    }: в резервы вернули { $pieces }
kd-exchange-each = { $kind ->
        [queen] { $n ->
            [one] по ферзю
            [few] по { $n } ферзя
           *[other] по { $n } ферзей
        }
        [rook] { $n ->
            [one] по ладье
            [few] по { $n } ладьи
           *[other] по { $n } ладей
        }
        [bishop] { $n ->
            [one] по слону
            [few] по { $n } слона
           *[other] по { $n } слонов
        }
       *[guard] { $n ->
            [one] по стражу
            [few] по { $n } стража
           *[other] по { $n } стражей
        }
    }
kd-and = { $first } и { $second }
kd-play-help = Щёлкните фигуру, затем цель; фигура из резерва сбрасывается рядом с королём. Правая кнопка с перетаскиванием — сдвиг, колесо — масштаб, F — показать доску.

## Список ходов

kd-moves = Ходы
kd-no-turns = ходов пока нет
kd-now = сейчас
kd-copy-record = Копировать запись
kd-copy-record-tip = Скопировать запись партии (расстановка, затем по ходу в строке)
kd-result = { $score } ({ $side ->
        [white] белые
       *[other] чёрные
    } победили: { $reason })
kd-reason-king-captured = король взят
kd-reason-last-rank = бегун на последней горизонтали
kd-reason-repetition = третье повторение

## Конец партии

kd-wins = { $side ->
        [white] Белые
       *[other] Чёрные
    } победили
kd-king-captured = Король { $loser ->
        [white] белых
       *[other] чёрных
    } взят
kd-runner-reached = { $side ->
        [white] Белый
       *[other] Чёрный
    } бегун дошёл до { $rank }-й горизонтали
kd-piece-reached = { $side ->
        [white] Белый
       *[other] Чёрный
    } { $name } дошёл до { $rank }-й горизонтали
kd-repetition = Ход { $loser ->
        [white] белых
       *[other] чёрных
    } в третий раз повторил позицию, а это поражение
kd-draw = Ничья
kd-draw-agreed = игроки согласились на ничью
kd-resigned = { $side ->
        [white] Белые
       *[other] Чёрные
    } сдались
kd-time-out = { $side ->
        [white] У белых
       *[other] У чёрных
    } кончилось время
kd-abandoned = { $side ->
        [white] Белые покинули
       *[other] Чёрные покинули
    } партию и не вернулись
kd-aborted = Партия прервана до второго хода
kd-no-result = Без результата
kd-after-turns = { $n ->
        [one] после { $n } хода
       *[other] после { $n } ходов
    }

## Отказы

kd-cannot-play-over = шаг { $mv } невозможен: партия окончена ({ $result })
kd-not-legal = шаг { $mv } недопустим: { $reason }
kd-game-over = партия окончена: { $result }
kd-nothing-to-undo = в этом ходе нет шага, который можно отменить (завершённый ход остаётся)
kd-cannot-resign = сдаться может только человек, а здесь людей нет
kd-at-most-three = в ходе не больше трёх шагов
kd-cannot-end-none = ход ещё нельзя завершить: не сделано ни одного шага, а нужно { $n } (возможно { $n })
kd-cannot-end-short = ход ещё нельзя завершить: сделано { $made } из { $total ->
        [one] { $total } шага
       *[other] { $total } шагов
    } (в ходе столько шагов, сколько возможно, если только шаг не выигрывает)
kd-illegal-after-win = предыдущий шаг этого хода выиграл партию; дальше ничего не играется
kd-illegal-no-piece = на { $square } нет фигуры
kd-illegal-not-yours = на { $square } стоит { $piece }, а не фигура ходящей стороны
kd-illegal-already-moved = фигура на { $square } уже ходила или была сброшена в этом ходе (каждая фигура ходит не больше раза за ход)
kd-illegal-king-attacked = король на { $square } под ударом, поэтому может ходить только первым шагом хода
kd-illegal-own-piece = на { $square } стоит своя фигура ({ $name })
kd-illegal-unreachable = { $name } на { $from } не может пойти на { $to }
kd-illegal-second-drop = за ход можно только один сброс
kd-illegal-not-in-reserve = в резерве { $side ->
        [white] белых
       *[other] чёрных
    } нет фигуры «{ $name }»
kd-illegal-no-king = нет короля, рядом с которым можно сбросить фигуру
kd-illegal-not-next-to-king = { $to } не рядом с королём (он на { $king }); сбрасывать можно только рядом с королём
kd-illegal-occupied = поле { $square } занято (там { $piece })
kd-illegal-dead-end = после него ход не может ни набрать наибольшее возможное число шагов, ни выиграть
kd-turn-too-many = { $n ->
        [one] { $n } шаг
        [few] { $n } шага
       *[many] { $n } шагов
    }, а в ходе их не больше трёх
kd-turn-illegal-move = шаг { $n } ({ $mv }): { $reason }
kd-turn-pass-illegal = пропуск разрешён, только когда ходить нечем, а возможно шагов: { $required }
kd-turn-too-short = ход остановился после { $made ->
        [one] { $made } шага
       *[other] { $made } шагов
    } без победы, а в ходе должно быть столько шагов, сколько возможно (здесь { $required })

## Открытие записи

kd-record-line = строка { $line }: { $message }
kd-take-back = Взять ход назад
kd-take-back-tip = Отменить вашу последнюю очередь и ответ ИИ. Партия со взятым назад ходом не попадает в таблицу рекордов.
kd-no-take-back = нечего брать назад: только вашу очередь и ответ ИИ на неё, в вашу очередь

## Просмотр истории

kd-browse-tip = Показать доску после этого хода (щёлкните ещё раз, чтобы вернуться в партию)
kd-browsing-start = Показано: начало
kd-browsing-after = { $side ->
    [white] Показано: после хода { $n } (ходили белые)
   *[other] Показано: после хода { $n } (ходили чёрные)
}
kd-browse-previous = Назад (Left)
kd-browse-next = Вперёд (Right)
kd-back-to-game = Назад к партии
kd-back-to-game-tip = End или Esc
kd-player-remote = человек за другим компьютером
