notice(filter([1]))
