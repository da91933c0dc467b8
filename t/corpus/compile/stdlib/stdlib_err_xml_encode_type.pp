stdlib::xml_encode('a', 'cdata')
