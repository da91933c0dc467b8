notify { 'info_level': loglevel => info }
notify { 'debug_level': loglevel => debug }
