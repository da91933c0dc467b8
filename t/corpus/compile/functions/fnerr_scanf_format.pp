notice(scanf('5', ['%d']))
