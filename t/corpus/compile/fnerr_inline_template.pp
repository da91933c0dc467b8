$greeting = 'hi'
notice(inline_template('<%= @greeting %>'))
