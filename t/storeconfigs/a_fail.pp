# node A, a compile that fails after declaring exports: the store keeps the old ones
@@host { 'new.example.com': ip => '192.0.2.7' }
fail('broken')
