notify { sprintf("%99999999999999999999d", 1): }
