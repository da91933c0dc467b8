alert 'a'
