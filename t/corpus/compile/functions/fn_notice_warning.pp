notice('a notice')
warning('a warning')
notify { 'after': }
