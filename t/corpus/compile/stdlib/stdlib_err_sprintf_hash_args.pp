sprintf_hash('%s', [1])
