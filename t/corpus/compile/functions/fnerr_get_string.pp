notice(get('str', 'a', 'd'))
