notice(abs([1]))
