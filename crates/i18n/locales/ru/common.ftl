# Общие тексты всех игр и экранов (ru).
common-back = Назад
common-open = Открыть
common-human = Человек
common-ai-player = ИИ · { $level }
common-level-easy = Лёгкий
common-level-medium = Средний
common-level-hard = Сложный
common-level-max = Максимум
common-white = Белые
common-black = Чёрные
common-game-fived = 5D-шахматы
common-game-wager = Timeline Wager
common-game-kingdrops = Kingdrops
common-clock = Часы
common-untimed = без часов
common-custom = свои
common-clock-preset-tip = минуты + секунды за каждый ход
common-minutes = минут
common-seconds-a-turn = + секунд за ход
common-clock-minutes = { $minutes }+{ $increment }
common-clock-seconds = { $seconds } с+{ $increment }
common-cannot-read = не удалось прочитать { $path }: { $error }
files-unknown-kind = это не сохранённая партия ни одной из игр этой программы
common-turns = { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
common-no-game-text = нет текста партии для чтения
# Вопрос перед сдачей.
common-sure = Точно?
common-yes = Да
common-no = Нет

## Разбор партии (5D-шахматы и Kingdrops)

review-open = Разбор
review-open-tip = Движок просматривает каждый ход партии: график оценки и самые дорогие ходы с лучшей заменой
review-title = Разбор партии
review-progress = Просмотр позиций: { $done } / { $all }
review-graph-tip = Оценка для белых после каждого хода, в пешках; щёлкните по графику или ходу, чтобы увидеть позицию.
review-white = Оценка белых
review-good = хороший
review-inaccuracy = неточность
review-mistake = ошибка
review-blunder = зевок
review-count = { $verdict }: { $n }
review-no-mistakes = Ни один ход не стоил много: ошибок нет.
review-entry = { $turn }: { $played } ({ $verdict }, −{ $loss })
review-entry-tip = Показать позицию после этого хода
review-better = лучше: { $better }
review-close = Закрыть
review-close-tip = Закрыть разбор (найденное не сохраняется)
review-turn = { $n }. { $side }
common-remote = За другим компьютером
common-remote-tip = За эту сторону играет человек за другим компьютером: партия создаётся здесь, и он подключается по адресу этого компьютера.
unfinished-damaged = Не удалось прочитать незаконченную партию ({ $why }). Файл отложен как { $aside }.
unfinished-damaged-kept = Не удалось прочитать незаконченную партию ({ $why }) и отложить файл: { $error }
