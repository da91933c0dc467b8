notify { 'before': }
fail('something went wrong')
