# menus texts (ru).
