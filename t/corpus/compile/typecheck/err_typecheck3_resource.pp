assert_type(Resource, 'File[/tmp]')
