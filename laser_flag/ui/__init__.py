"""The pygame client: scenes, drawing, widgets and assets."""
