# menus texts (en).
