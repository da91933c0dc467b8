# without --storeconfigs: exports and collections are ignored, with Puppet's warnings
@@host { 'a.example.com': ip => '192.0.2.1' }
Host <<| |>>
notify { 'plain': }
