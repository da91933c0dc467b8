notice(ceiling([1.5]))
