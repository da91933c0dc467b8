notify { 'source': message => lookup('source') }
notify { 'common': message => lookup('common_only') }
