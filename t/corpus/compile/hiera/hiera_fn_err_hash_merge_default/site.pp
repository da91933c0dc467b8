notify { 'x': message => hiera_hash('arr', {}) }
