fail('hidden files are not read')
