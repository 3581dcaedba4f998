# Экраны загрузки и рекордов (ru).
menus-load-heading = Загрузить партию
menus-saved-games-in = Сохранённые партии в { $path }
menus-no-saves = Сохранённых партий пока нет.
menus-path-hint = или путь к файлу .5dpgn, .wager или .kingdrops
menus-leaderboard-heading = Рекорды
menus-leaderboard-rule = Считается только победа над ИИ в партии, начатой здесь с начальной позиции варианта.
menus-your-name = Ваше имя
menus-no-wins = Здесь побед пока нет.
menus-column-name = Имя
menus-column-date = Дата
menus-column-turns = Ходы
menus-column-clock = Часы
menus-column-thinking = Время на ходы
menus-unfinished = Неоконченные партии
menus-saved = Сохранённые партии
menus-cannot-open = Не удалось открыть файл: { $error }
# Диалоги файлов.
files-choose = Выбрать файл…
files-save-as = Сохранить как…
files-save-as-tip = Выбрать, куда сохранить партию, в файловом диалоге системы
files-open-title = Открыть партию
files-save-title = Сохранить партию
files-game-kinds = Партии Timefork
files-saved-to = Сохранено: { $path }
files-could-not-save = Не удалось сохранить в { $path }: { $error }
files-no-dialog = Файлового диалога нет (нет портала рабочего стола: в этом сеансе нет D-Bus, и zenity не установлен); введите путь вручную.
