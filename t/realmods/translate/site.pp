# translate: its function, with and without interpolation
notify { 'plain': message => translate('Hello world') }
notify { 'interp': message => translate('Hello %{who}', { 'who' => 'node1' }) }
