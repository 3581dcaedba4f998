# menus texts (ja).
