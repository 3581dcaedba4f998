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
